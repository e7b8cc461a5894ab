// Business constants (docs/product.md, "Numbers to know"), used by pages, API and tests.
export const PRODUCTS_PAGE_SIZE = 10;

/**
 * How many cards of a list are on the first screen (four or five compact rows on a phone, the
 * first row of the grid on a desktop): their photos load at once rather than lazily.
 */
export const CARDS_ON_FIRST_SCREEN = 4;
/**
 * Of those, the photos fetched with high priority. Left at Chrome's low priority, they wait while
 * the scripts load on a slow line: an Arabic search's largest paint, its second card's photo,
 * came 1 s after its text. React lists high-priority photos first in the head, ahead of the
 * scripts, so each takes one of the phone's six connections for a round trip: two, not four,
 * or the scripts wait a round trip more.
 */
export const CARDS_WITH_PHOTO_FIRST = 2;
export const SHOP_PAGE_LIMIT = 24;
export const HOME_NEWEST_LIMIT = 12;
export const PRICE_MIN = 1;
export const PRICE_MAX = 1_000_000_000;
export const MAX_PHOTOS = 10;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const CURRENCY_LABEL = { ar: 'د.ج', fr: 'DA', en: 'DZD' } as const;
export const LANG_COOKIE = 'i18next';
export const LANG_STORAGE_KEY = 'i18nextLng';
export const THEME_COOKIE = 'theme';
export const THEME_STORAGE_KEY = 'ecosouk-theme';
/**
 * Which of the site's font files this browser already holds (app/lib/web-fonts.ts): pages are
 * drawn in them only then, so that a first visit spends its bandwidth on the page (decision 0032).
 */
export const WEB_FONTS_COOKIE = 'fonts';
/**
 * The file name of the stylesheet this browser holds (app/lib/stylesheet.ts): pages link it then,
 * and carry its text in their head otherwise (decision 0031).
 */
export const STYLESHEET_COOKIE = 'css';
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
/** The session cookie: an opaque token, HttpOnly (written by server/services/sessions.ts). */
export const SESSION_COOKIE = 'session';
/**
 * Set for READ_YOUR_WRITES_SECONDS after any write when there is a read replica: while it is there,
 * the caller's reads go to the primary (server/plugins/read-routing.ts). Holds nothing but a 1.
 */
export const FRESH_WRITE_COOKIE = 'fresh';
/** The most listings of one seller in one answer: the API's `limit` and the dashboard. */
export const SHOP_MAX_LIMIT = 100;
/** A chat message: 1 to this many characters. */
export const MESSAGE_MAX_CHARS = 2000;
/** Messages in one answer of GET /conversations/{id}/messages (and one page of the conversation). */
export const MESSAGES_PAGE_MAX = 50;
/** Conversations in one page of the inbox. */
export const CONVERSATIONS_PAGE_SIZE = 20;
/** A message unread this long is e-mailed to its recipient (once per conversation and burst). */
export const UNREAD_EMAIL_DELAY_MS = 10 * 60_000;
/** Saved listings a page (the favourites page and GET /api/v1/favourites). */
export const FAVOURITES_PAGE_SIZE = 24;
/** Saved searches a member may keep (409 LIMIT_REACHED past it). */
export const SAVED_SEARCHES_MAX = 20;
/** A saved search's "new since your last visit" stops counting here (shown as "99+"). */
export const SAVED_SEARCH_NEW_CAP = 99;
/** Listings shown in one alert e-mail; the rest are behind a link. */
export const ALERT_EMAIL_LISTINGS = 10;
