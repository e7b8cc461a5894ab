// The web performance targets of issue #6, shared by `npm run audit:web` (Lighthouse)
// and the e2e budget test, so the number lives in one place.

/** Lighthouse category scores every audited page must reach. */
export const LIGHTHOUSE_TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as const;

/** Compressed JavaScript the product page may transfer, in bytes. */
export const PRODUCT_JS_BUDGET = 150 * 1024;
