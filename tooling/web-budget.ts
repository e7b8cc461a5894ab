// The web performance targets of issue #6, shared by `npm run audit:web` (Lighthouse)
// and the e2e budget test, so the number lives in one place.

/** Lighthouse category scores every audited page must reach. */
export const LIGHTHOUSE_TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as const;

/** Compressed JavaScript the product page may transfer, in bytes. */
export const PRODUCT_JS_BUDGET = 150 * 1024;

/**
 * Script files a page may ask for when it loads. A phone over HTTP/1.1 opens six connections to
 * a host; past them a file waits for one to free, and on slow 4G that wait is a whole round trip
 * (~0.56 s) before hydration can start (issue #17).
 */
export const PAGE_SCRIPT_FILES_BUDGET = 8;
