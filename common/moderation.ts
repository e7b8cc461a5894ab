// A listing's moderation states and lifecycle constants: one list for the database, the
// services, the API shapes and the pages (docs/product.md, "Listing lifecycle").
export const MODERATION_STATES = ['approved', 'pending', 'hidden', 'removed'] as const;
export type ModerationState = (typeof MODERATION_STATES)[number];

/** A sold listing stays on its page and in its shop, with a "sold" ribbon, this long. */
export const SOLD_VISIBLE_DAYS = 7;

/** The reminder e-mail goes this many days before a listing expires. */
export const EXPIRY_REMINDER_DAYS = 3;

/** The automatic checks a listing can trip at publish or edit (server/services/listing-checks.ts). */
export const LISTING_CHECKS = ['prohibited', 'contact-in-text', 'duplicate-title', 'duplicate-photo', 'new-account-limit'] as const;
export type ListingCheckKind = (typeof LISTING_CHECKS)[number];

/** One tripped check, stored on the listing: which, and what tripped it (a word, a listing id…). */
export interface ListingCheck {
  check: ListingCheckKind;
  /** What tripped it: the keyword, the phone number or URL, the other listing's id, the daily count. */
  detail?: string;
  /** For `prohibited`: the category of prohibited items the keyword belongs to (weapons, drugs…). */
  group?: string;
}
