// The answers' writer (decision 0052): what fast-json-stringify writes from a route's zod schema
// is what zod's own serializer wrote, fields the schema does not name never leave, and the check
// the tests and the dev server run catches an answer that breaks its schema.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { paginationSchema } from '../server/http/envelope.ts';
import { responseSerializerCompiler } from '../server/http/response-serializer.ts';
import { productSchema } from '../server/api/schemas.ts';

const searchAnswer = z.object({
  success: z.literal(true),
  data: z.array(productSchema),
  pagination: paginationSchema.extend({ totalIsCapped: z.boolean() }),
  fuzzy: z.boolean(),
});

const compile = (schema: z.ZodType, check: boolean) => responseSerializerCompiler({ check })({ schema, method: 'GET', url: '/products' } as never);

function product(overrides: Record<string, unknown> = {}) {
  return {
    id: '1c4604dc-b0c1-4044-81b1-d78c066bb5c8',
    userId: 'e57186ff-8f0a-46a6-ac2f-7fa5431aeba0',
    category: 'automobile',
    condition: 'fair',
    title: 'سيارة "نظيفة" \\ للبيع',
    title_ar: 'سيارة "نظيفة" \\ للبيع',
    title_fr: null,
    title_en: null,
    desc: 'Ligne 1\nLigne 2\t« guillemets » \u2028 et \u0007 un contrôle, 😀 et \ud800 seul',
    desc_ar: null,
    desc_fr: 'x'.repeat(300),
    desc_en: null,
    img: '/uploads/a.webp',
    images: ['/uploads/a.webp'],
    photos: [{ url: '/uploads/a.webp', width: 800, height: 600, variants: { '320': '/uploads/a-320.webp' } }],
    price: 193139,
    address: 'alger',
    commune: 'alger.tessala-el-merdja',
    communeName: { ar: 'تسالة المرجة', fr: 'Tessala El Merdja', en: 'Tessala El Merdja' },
    attributes: { fuel: 'electric', year: 2016, mileage: 339181 },
    priceType: 'fixed',
    exchange: false,
    status: 'active',
    isActive: true,
    createdAt: '2026-11-25T05:34:00.863Z',
    updatedAt: '2026-11-25T05:34:00.863Z',
    reference: '656658',
    views: 0,
    impact: null,
    expiresAt: '2027-01-24T12:16:30.664Z',
    expired: false,
    soldAt: null,
    ...overrides,
  };
}

const answer = (data: unknown[]) => ({ success: true, data, pagination: { currentPage: 1, totalPages: 1, totalItems: data.length, pageSize: 10, totalIsCapped: false }, fuzzy: false });

describe('the answers’ writer', () => {
  it('writes what zod’s serializer wrote: escapes, nulls, records, optional fields absent or present', () => {
    const data = answer([product(), product({ impact: { co2eKg: 5100, basis: 'carElectric' }, isFavourite: true, attributes: {}, communeName: null, photos: [] })]);
    const zodText = JSON.stringify(z.encode(searchAnswer, data as never));
    for (const check of [false, true]) expect(compile(searchAnswer, check)(data)).toBe(zodText);
    expect(JSON.parse(compile(searchAnswer, false)(data))).toEqual(data);
  });

  it('leaves out every field the schema does not name, at any depth', () => {
    const data = answer([product({ searchText: 'secret words', passwordHash: 'x', photos: [{ url: '/a.webp', width: 1, height: 1, variants: {}, key: 'private/key' }] })]);
    for (const check of [false, true]) {
      const text = compile(searchAnswer, check)({ ...data, internal: 1 });
      expect(text).not.toMatch(/searchText|passwordHash|private\/key|internal/);
      expect(JSON.parse(text).data[0].photos[0]).toEqual({ url: '/a.webp', width: 1, height: 1, variants: {} });
    }
  });

  it('checks the same JSON, not the same bytes: required fields are written before optional ones', () => {
    const schema = z.object({ unit: z.string().optional(), key: z.string(), options: z.array(z.string()).optional(), filter: z.boolean() });
    const data = { key: 'brand', filter: true, options: ['a'], unit: 'km' };
    const text = compile(schema, true)(data);
    expect(text).not.toBe(JSON.stringify(z.encode(schema, data)));
    expect(JSON.parse(text)).toEqual(data);
  });

  it('refuses an answer missing a required field, checked or not', () => {
    const { price: _price, ...withoutPrice } = product();
    for (const check of [false, true]) expect(() => compile(searchAnswer, check)(answer([withoutPrice]))).toThrow();
  });

  it('when checking, refuses an answer that breaks its schema where the writer alone would not', () => {
    const wrong = answer([product({ price: '12' })]);
    expect(() => compile(searchAnswer, false)(wrong)).not.toThrow();
    expect(() => compile(searchAnswer, true)(wrong)).toThrow();
  });
});
