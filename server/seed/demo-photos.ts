// Generates the demo listings' photos locally (no network, no fonts, no photos of unknown
// licence): a studio shot of the listing's own object (its `subject`, a lucide drawing of a
// fridge, a bicycle, a jar…) on a wall and floor in the category's hue. Deterministic: the same
// listing and index give the same bytes.

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { icons, Package, type LucideIcon } from 'lucide-react';
import sharp from 'sharp';
import { CATEGORIES, CATEGORY_KEYS } from '../../common/reference-data.ts';
import type { DemoListing } from './demo-listings.ts';

export const DEMO_PHOTO_WIDTH = 1200;
export const DEMO_PHOTO_HEIGHT = 800;
const ICON_SIZE = 440;
const JPEG_QUALITY = 82;

const ICONS: Readonly<Record<string, LucideIcon | undefined>> = icons;
const iconMarkupCache = new Map<string, string>();

/** FNV-1a, so the seed only depends on the text. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small deterministic generator in [0, 1). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round = (n: number): number => Math.round(n * 10) / 10;
const hsl = (h: number, s: number, l: number): string => `hsl(${Math.round(((h % 360) + 360) % 360)},${s}%,${l}%)`;

/** The subject drawn in `color` with a translucent `fill`, rendered once per icon and colours. */
function subjectMarkup(name: string, stroke: string, fill: string): string {
  const key = `${name}|${stroke}|${fill}`;
  let markup = iconMarkupCache.get(key);
  if (markup === undefined) {
    const Icon = ICONS[name] ?? Package;
    markup = renderToStaticMarkup(createElement(Icon, { size: ICON_SIZE, color: stroke, strokeWidth: 1.1, fill, fillOpacity: 0.55 }));
    iconMarkupCache.set(key, markup);
  }
  return markup;
}

/**
 * The SVG for one photo; exported for previews and tests. A studio shot: a wall and a floor in
 * the category's hue, the listing's own object (its `subject`: a fridge, a bicycle, a jar of
 * honey) drawn large, standing on its shadow, lit from one side; each further photo of the
 * listing turns the view (mirrored, closer, another light).
 */
export function demoPhotoSvg(listing: DemoListing, index: number): string {
  const W = DEMO_PHOTO_WIDTH;
  const H = DEMO_PHOTO_HEIGHT;
  const categoryIndex = Math.max(0, CATEGORY_KEYS.indexOf(listing.category));
  const subject = listing.subject || CATEGORIES[categoryIndex]?.icon || 'Package';
  const rnd = random(hash(`${listing.category}|${listing.title}|${index}`));

  const hue = (categoryIndex * 360) / CATEGORY_KEYS.length + (rnd() - 0.5) * 24;
  const wallTop = hsl(hue, 28, 93);
  const wallBottom = hsl(hue, 24, 82);
  const floorNear = hsl(hue + 12, 22, 70);
  const floorFar = hsl(hue + 12, 20, 78);
  const stroke = hsl(hue + 180, 35, 22);
  const fill = hsl(hue + 180, 55, 62);
  const horizon = round(H * (0.6 + rnd() * 0.06));

  // Photo 0 straight on; the others closer, mirrored or shifted, as a seller's second and third shots.
  const scale = index === 0 ? 1 : 1.15 + rnd() * 0.2;
  const mirrored = index % 2 === 1;
  const size = ICON_SIZE * scale;
  const cx = W / 2 + (index === 0 ? 0 : (rnd() - 0.5) * 160);
  const baseY = horizon + 70;
  const x = round(cx - size / 2);
  const y = round(baseY - size);
  const light = round(rnd() * W);

  const grain: string[] = [];
  for (let i = 0; i < 4; i++) {
    grain.push(`<circle cx="${round(rnd() * W)}" cy="${round(rnd() * horizon)}" r="${round(120 + rnd() * 220)}" fill="url(#glow)"/>`);
  }
  const icon = subjectMarkup(subject, stroke, fill);
  const place = (dx: number, dy: number) =>
    mirrored ? `translate(${round(x + size + dx)},${round(y + dy)}) scale(${-scale},${scale})` : `translate(${round(x + dx)},${round(y + dy)}) scale(${scale})`;

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    '<defs>',
    `<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${wallTop}"/><stop offset="1" stop-color="${wallBottom}"/></linearGradient>`,
    `<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${floorFar}"/><stop offset="1" stop-color="${floorNear}"/></linearGradient>`,
    '<radialGradient id="glow"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>',
    '<radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.32"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>',
    `<radialGradient id="lamp" cx="${round((light / W) * 100)}%" cy="10%" r="80%"><stop offset="0" stop-color="#fff" stop-opacity="0.45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
    '</defs>',
    `<rect width="${W}" height="${horizon}" fill="url(#wall)"/>`,
    `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#floor)"/>`,
    `<rect y="${horizon - 2}" width="${W}" height="4" fill="#000" fill-opacity="0.06"/>`,
    ...grain,
    `<ellipse cx="${round(cx)}" cy="${round(baseY - 8)}" rx="${round(size * 0.5)}" ry="${round(size * 0.09)}" fill="url(#shadow)"/>`,
    `<g transform="${place(10, 14)}" opacity="0.12">${icon.replace(/stroke="[^"]*"/g, 'stroke="#000"').replace(/fill="(?!none)[^"]*"/g, 'fill="#000"')}</g>`,
    `<g transform="${place(0, 0)}">${icon}</g>`,
    `<rect width="${W}" height="${H}" fill="url(#lamp)"/>`,
    '</svg>',
  ].join('');
}

/** A 1200×800 JPEG for photo number `index` of `listing`. */
export async function renderDemoPhoto(listing: DemoListing, index: number): Promise<Buffer> {
  return sharp(Buffer.from(demoPhotoSvg(listing, index)))
    .jpeg({ quality: JPEG_QUALITY, mozjpeg: false })
    .toBuffer();
}
