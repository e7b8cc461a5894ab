// The Product shape of docs/api.md: what the API returns and what the pages render.
import type { AttributeValues } from './category-attributes.ts';
import type { Impact } from './impact.ts';
import type { Lang, Localized } from './languages.ts';
import type { ListingCheck, ModerationState } from './moderation.ts';
import type { PriceType } from './pricing.ts';

export interface ApiImage {
  url: string;
  width: number;
  height: number;
  /** width → URL */
  variants: Record<string, string>;
}

export interface ApiProduct {
  id: string;
  userId: string;
  category: string;
  condition: string;
  title: string;
  title_ar: string | null;
  title_fr: string | null;
  title_en: string | null;
  desc: string;
  desc_ar: string | null;
  desc_fr: string | null;
  desc_en: string | null;
  img: string | null;
  images: string[];
  /** Sizes and variants of `images`, same order; used for srcset. */
  photos: ApiImage[];
  price: number;
  address: string;
  /** A commune key of common/communes.ts, inside `address`, or null. */
  commune: string | null;
  /** The commune's names, so that pages and apps need not load the 1,541 communes to show one. */
  communeName: Localized | null;
  /** The category's details (common/category-attributes.ts), by attribute key. */
  attributes: AttributeValues;
  /** `free` is a give-away: `price` is 0. */
  priceType: PriceType;
  /** The seller would consider an exchange. */
  exchange: boolean;
  status: 'active' | 'inactive';
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  /** The short listing number shown on its page (formatReference). */
  reference: string;
  /** Views counted (once per visitor a day). */
  views: number;
  /** kg CO₂e avoided by buying it second-hand instead of new, or null (common/impact.ts). */
  impact: Impact | null;
  /** When it leaves public view unless renewed (docs/product.md, "Listing lifecycle"). */
  expiresAt: string;
  /** True once past `expiresAt`: only its owner sees it, and may renew it. */
  expired: boolean;
  /** When its seller marked it as sold, or null. */
  soldAt: string | null;
  contact?: string;
  /** Owner and moderators only. */
  moderation?: ModerationState;
  /** Owner and moderators only: a moderator's reason for hiding or removing it. */
  moderationReason?: string | null;
  /** Owner and moderators only: the automatic checks it tripped (why it is pending). */
  moderationChecks?: ListingCheck[];
  /** The signed-in reader saved it (absent for visitors). */
  isFavourite?: boolean;
  /** How many people saved it: only for its owner. */
  favourites?: number;
}

/**
 * A listing's reference from its sequence number: at least six digits, so the first listings
 * read like the later ones ("004217"); it grows beyond six digits as needed.
 */
export function formatReference(ref: number): string {
  return String(ref).padStart(6, '0');
}
/** Whether a saved listing can still be bought (the favourites list marks the others). */
export const AVAILABILITIES = ['available', 'sold', 'expired', 'unavailable'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

/** The title in the active language, else the original the seller wrote. */
export function localizedTitle(p: Pick<ApiProduct, 'title' | 'title_ar' | 'title_fr' | 'title_en'>, lang: Lang) {
  return p[`title_${lang}`] || p.title;
}

export function localizedDesc(p: Pick<ApiProduct, 'desc' | 'desc_ar' | 'desc_fr' | 'desc_en'>, lang: Lang) {
  return p[`desc_${lang}`] || p.desc;
}
