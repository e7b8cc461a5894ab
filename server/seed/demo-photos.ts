// Generates the demo listings' photos locally (no network, no fonts): a soft gradient whose hue
// depends on the category and the photo's index, a few translucent shapes, and the category's
// lucide icon drawn large in the middle. Deterministic: the same listing and index give the same bytes.

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { icons, Package, type LucideIcon } from 'lucide-react';
import sharp from 'sharp';
import { CATEGORIES, CATEGORY_KEYS } from '../../common/reference-data.ts';
import type { DemoListing } from './demo-listings.ts';

export const DEMO_PHOTO_WIDTH = 1200;
export const DEMO_PHOTO_HEIGHT = 800;
const ICON_SIZE = 360;
const JPEG_QUALITY = 82;

const ICONS: Readonly<Record<string, LucideIcon | undefined>> = icons;
const iconMarkupCache = new Map<string, string>();

/** The category icon as SVG markup, rendered once per icon name. */
function iconMarkup(name: string): string {
  let markup = iconMarkupCache.get(name);
  if (markup === undefined) {
    const Icon = ICONS[name] ?? Package;
    markup = renderToStaticMarkup(createElement(Icon, { size: ICON_SIZE, color: '#fff', strokeWidth: 1.25 }));
    iconMarkupCache.set(name, markup);
  }
  return markup;
}

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

/** The SVG for one photo; exported for previews and tests. */
export function demoPhotoSvg(listing: DemoListing, index: number): string {
  const W = DEMO_PHOTO_WIDTH;
  const H = DEMO_PHOTO_HEIGHT;
  const categoryIndex = Math.max(0, CATEGORY_KEYS.indexOf(listing.category));
  const iconName = CATEGORIES[categoryIndex]?.icon ?? 'Package';
  const rnd = random(hash(`${listing.category}|${listing.title}|${index}`));

  // Categories spread around the colour wheel; each photo of a listing shifts the hue a little.
  const hue = (categoryIndex * 360) / CATEGORY_KEYS.length + index * 23 + (rnd() - 0.5) * 16;
  const from = hsl(hue, 62, 58);
  const to = hsl(hue + 38, 58, 36);
  const angle = (index * 67 + rnd() * 40) % 360;
  const rad = (angle * Math.PI) / 180;
  const x1 = round(50 - Math.cos(rad) * 50);
  const y1 = round(50 - Math.sin(rad) * 50);
  const x2 = round(50 + Math.cos(rad) * 50);
  const y2 = round(50 + Math.sin(rad) * 50);

  const blobs: string[] = [];
  for (let i = 0; i < 5; i++) {
    const cx = round(rnd() * W);
    const cy = round(rnd() * H);
    const r = round(140 + rnd() * 260);
    const fill = i % 2 === 0 ? 'url(#glow)' : 'url(#shade)';
    blobs.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/>`);
  }
  const rings: string[] = [];
  for (let i = 0; i < 3; i++) {
    const cx = round(rnd() * W);
    const cy = round(rnd() * H);
    const r = round(40 + rnd() * 90);
    rings.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#fff" stroke-opacity="0.14" stroke-width="6"/>`);
  }

  const disc = 250;
  const icon = iconMarkup(iconName);
  const ix = (W - ICON_SIZE) / 2;
  const iy = (H - ICON_SIZE) / 2;
  const shadow = icon.replace(/stroke="#fff"/g, 'stroke="#000"');

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    '<defs>',
    `<linearGradient id="bg" x1="${x1}%" y1="${y1}%" x2="${x2}%" y2="${y2}%">`,
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`,
    '<radialGradient id="glow"><stop offset="0" stop-color="#fff" stop-opacity="0.22"/>',
    '<stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>',
    '<radialGradient id="shade"><stop offset="0" stop-color="#000" stop-opacity="0.16"/>',
    '<stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>',
    '</defs>',
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>`,
    ...blobs,
    ...rings,
    `<circle cx="${W / 2}" cy="${H / 2}" r="${disc}" fill="#fff" fill-opacity="0.12"/>`,
    `<circle cx="${W / 2}" cy="${H / 2}" r="${disc}" fill="none" stroke="#fff" stroke-opacity="0.25" stroke-width="3"/>`,
    `<g transform="translate(${ix + 6},${iy + 10})" opacity="0.18">${shadow}</g>`,
    `<g transform="translate(${ix},${iy})">${icon}</g>`,
    '</svg>',
  ].join('');
}

/** A 1200×800 JPEG for photo number `index` of `listing`. */
export async function renderDemoPhoto(listing: DemoListing, index: number): Promise<Buffer> {
  return sharp(Buffer.from(demoPhotoSvg(listing, index)))
    .jpeg({ quality: JPEG_QUALITY, mozjpeg: false })
    .toBuffer();
}
