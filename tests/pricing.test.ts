import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatMillions, formatPrice } from '../common/format.ts';
import { LANGS } from '../common/languages.ts';
import {
  DEFAULT_PRICE_TYPE,
  EXCHANGE_NAME,
  PRICE_TYPES,
  PRICE_TYPE_NAMES,
  isPriceType,
  priceTypeIssue,
} from '../common/pricing.ts';
import { exchangeSchema, priceTypeSchema } from '../common/schemas/pricing.ts';
import { isValidationKey } from '../common/schemas/messages.ts';

describe('price types and exchange', () => {
  it('has fixed, negotiable and free, named in the three languages', () => {
    expect(PRICE_TYPES).toEqual(['fixed', 'negotiable', 'free']);
    expect(DEFAULT_PRICE_TYPE).toBe('fixed');
    expect(PRICE_TYPE_NAMES.free).toEqual({ ar: 'مجاناً', fr: 'Gratuit', en: 'Free' });
    for (const type of PRICE_TYPES) for (const lang of LANGS) expect(PRICE_TYPE_NAMES[type][lang].length).toBeGreaterThan(0);
    for (const lang of LANGS) expect(EXCHANGE_NAME[lang].length).toBeGreaterThan(0);
    expect(isPriceType('negotiable')).toBe(true);
    expect(isPriceType('cheap')).toBe(false);
  });

  it('validates a price type, with the issue at its path', () => {
    const body = z.object({ priceType: priceTypeSchema });
    expect(body.parse({ priceType: 'negotiable' })).toEqual({ priceType: 'negotiable' });
    expect(body.parse({ priceType: '' }).priceType).toBeUndefined();
    expect(body.parse({})).toEqual({});
    const bad = body.safeParse({ priceType: 'cheap' });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['priceType', 'priceTypeInvalid']]);
    expect(body.safeParse({ priceType: 3 }).error?.issues[0]?.message).toBe('priceTypeInvalid');
  });

  it('reads the exchange flag from JSON, forms and query strings', () => {
    for (const yes of [true, 'true', 'on', '1', 'yes', ' On ']) expect(exchangeSchema.parse(yes)).toBe(true);
    for (const no of [false, 'false', 'off', '0', 'no', '']) expect(exchangeSchema.parse(no)).toBe(false);
    for (const bad of ['maybe', 2, null, {}]) {
      const result = z.object({ exchange: exchangeSchema }).safeParse({ exchange: bad });
      expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['exchange', 'exchangeInvalid']]);
    }
  });

  it('ties a give-away to 0 DA and every other listing to a positive price', () => {
    expect(priceTypeIssue('free', 0)).toBeNull();
    expect(priceTypeIssue('free', 100)).toBe('priceFree');
    expect(priceTypeIssue('fixed', 0)).toBe('priceMin');
    expect(priceTypeIssue('negotiable', 0)).toBe('priceMin');
    expect(priceTypeIssue('negotiable', 1)).toBeNull();
    for (const key of ['priceFree', 'priceMin', 'priceTypeInvalid', 'exchangeInvalid']) expect(isValidationKey(key)).toBe(true);
  });
});

describe('formatMillions', () => {
  it('says 1 650 000 DA as 165 millions in each language', () => {
    expect(formatMillions(1_650_000, 'fr')).toBe('165 millions');
    expect(formatMillions(1_650_000, 'ar')).toBe('165 مليون');
    expect(formatMillions(1_650_000, 'en')).toBe('165 million centimes');
  });

  it('keeps the decimals the amount has, in each language’s notation, to 100 DA', () => {
    expect(formatMillions(1_655_000, 'fr')).toBe('165,5 millions');
    expect(formatMillions(1_655_000, 'ar')).toBe('165,5 مليون');
    expect(formatMillions(1_655_000, 'en')).toBe('165.5 million centimes');
    expect(formatMillions(1_655_550, 'fr')).toBe('165,56 millions');
  });

  it('groups thousands of millions, in Latin digits, and uses the singular below two in French', () => {
    expect(formatMillions(12_000_000, 'fr')).toMatch(/^1[\s\u202f]200 millions$/);
    expect(formatMillions(12_000_000, 'ar')).toBe('1.200 مليون');
    expect(formatMillions(12_000_000, 'en')).toBe('1,200 million centimes');
    expect(formatMillions(10_000, 'fr')).toBe('1 million');
    expect(formatMillions(15_000, 'fr')).toBe('1,5 million');
    expect(formatMillions(25_000, 'fr')).toBe('2,5 millions');
    expect(formatMillions(1_650_000, 'ar')).not.toMatch(/[٠-٩]/);
  });

  it('shows nothing below one million centimes, and leaves the dinar price as it was', () => {
    expect(formatMillions(9_999, 'fr')).toBeNull();
    expect(formatMillions(0, 'ar')).toBeNull();
    expect(formatMillions(Number.NaN, 'en')).toBeNull();
    expect(formatPrice(1_650_000, 'en')).toBe('1,650,000.00 DZD');
  });
});
