// Every stored photo goes through here: decoded with a pixel limit (decompression
// bombs), rotated by its EXIF orientation, re-encoded to WebP in a few widths.
// sharp writes no metadata unless asked, so EXIF/GPS/XMP are gone from the output.
import type { Sharp, default as SharpConstructor } from 'sharp';
import { AppError } from '#errors';

// sharp (libvips) is loaded with the first photo, not at start: a server that is not sent photos
// does not map it (decision 0049). Loaded outside the callers' catch, so a broken install is a 500,
// not the user's "the image could not be read".
let sharpModule: Promise<typeof SharpConstructor> | undefined;
const loadSharp = () => (sharpModule ??= import('sharp').then((module) => module.default));

export const LISTING_WIDTHS = [320, 640, 1200] as const;
export const MAX_INPUT_PIXELS = 40_000_000;

export interface ProcessedImage {
  width: number;
  height: number;
  variants: { width: number; data: Buffer }[];
  /** dHash of the photo (16 hex digits): the same photo re-encoded or resized hashes (nearly) the same. */
  phash: string;
}

/**
 * The difference hash: the photo in 9×8 greys, each bit saying whether a pixel is brighter
 * than its right neighbour. Robust to re-encoding, resizing and small colour changes; two
 * hashes a few bits apart are the same picture (hammingDistance).
 */
export async function differenceHash(image: Sharp): Promise<string> {
  const pixels = await image.clone().greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer();
  let bits = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      bits = (bits << 1n) | (pixels[y * 9 + x]! > pixels[y * 9 + x + 1]! ? 1n : 0n);
    }
  }
  return bits.toString(16).padStart(16, '0');
}

/** How many bits two dHashes differ by. */
export function hammingDistance(a: string, b: string): number {
  let diff = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (diff > 0n) {
    count += Number(diff & 1n);
    diff >>= 1n;
  }
  return count;
}

/**
 * sharp fails on the input itself (header fine, data truncated or corrupt; too many pixels):
 * a client error, never a 500.
 */
function unreadable(error: unknown): never {
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(message)) throw new AppError('PAYLOAD_TOO_LARGE', 'The image has too many pixels (40 megapixels at most)');
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The image could not be read');
}

export async function toWebpVariants(input: Buffer, widths: readonly number[] = LISTING_WIDTHS): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  return decodeToWebpVariants(sharp, input, widths).catch(unreadable);
}

async function decodeToWebpVariants(sharp: typeof SharpConstructor, input: Buffer, widths: readonly number[]): Promise<ProcessedImage> {
  const base = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  const meta = await base.metadata();
  // Orientations 5–8 are quarter turns: the stored width is the displayed height.
  const turned = (meta.orientation ?? 1) >= 5;
  const shownWidth = turned ? meta.height : meta.width;
  const shownHeight = turned ? meta.width : meta.height;
  const widest = Math.min(shownWidth, widths[widths.length - 1] ?? shownWidth);
  const targets = [...new Set(widths.map((w) => Math.min(w, widest)))];
  const variants = await Promise.all(
    targets.map(async (width) => ({
      width,
      data: await base.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 78, effort: 4 }).toBuffer(),
    })),
  );
  return { width: widest, height: Math.round((shownHeight * widest) / shownWidth), variants, phash: await differenceHash(base) };
}

export const AVATAR_SIZE = 256;

/** Profile photos: a centred square, re-encoded, metadata gone. */
export async function toSquareAvatar(input: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
    .webp({ quality: 82 })
    .toBuffer()
    .catch(unreadable);
}

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

/**
 * What the bytes really are (never the file name or declared type). HEIF covers AVIF;
 * anything else — text, SVG, GIF, a broken file — is refused.
 */
export async function sniffImage(input: Buffer): Promise<{ format: string; width: number; height: number } | null> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) return null;
    if (meta.format === 'heif' && meta.compression !== 'av1') return null;
    return { format: meta.format, width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}
