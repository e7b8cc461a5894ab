// Validation of a listing's category details and of the search filters on them
// (docs/api.md "Richer listings"), built from common/category-attributes.ts. Issues carry
// message keys and the detail's key as their path, so a product body answers 400 with
// `body.attributes.year` and a search with `querystring.attr.year.min`.
import { z } from 'zod';
import { attributesOf, type Attribute, type AttributeValues } from '../category-attributes.ts';
import { isCategoryKey } from '../reference-data.ts';
import { isStorableText } from './text.ts';

/** Form fields arrive as strings: blank means "not given", digits may be grouped ("120 000"). */
const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const toInteger = (v: unknown) => {
  const given = blankToUndefined(v);
  return typeof given === 'string' && /^\s*\d{1,3}([\s\u00a0\u202f.,]?\d{3})*\s*$|^\s*\d+\s*$/.test(given) ? Number(given.replace(/\D/g, '')) : given;
};

// Building a zod schema costs more than running it, and a search parses its query on every
// request (issue #18's profile): the schemas are built once per detail and per category.
const valueSchemas = new WeakMap<Attribute, z.ZodType<string | number | undefined>>();

function valueSchema(attribute: Attribute): z.ZodType<string | number | undefined> {
  let schema = valueSchemas.get(attribute);
  if (!schema) valueSchemas.set(attribute, (schema = buildValueSchema(attribute)));
  return schema;
}

function buildValueSchema(attribute: Attribute): z.ZodType<string | number | undefined> {
  switch (attribute.type) {
    case 'enum': {
      const keys = attribute.options.map((o) => o.key) as [string, ...string[]];
      return z.preprocess(blankToUndefined, z.enum(keys, { error: 'attributeChoice' }).optional());
    }
    case 'int':
      return z.preprocess(
        toInteger,
        z
          .number({ error: 'attributeNumber' })
          .int('attributeNumber')
          .min(attribute.min, 'attributeRange')
          .max(attribute.max, 'attributeRange')
          .optional(),
      );
    case 'text':
      return z.preprocess(
        (v) => (typeof v === 'string' ? blankToUndefined(v.trim()) : blankToUndefined(v)),
        z.string({ error: 'invalidValue' }).max(attribute.maxLength, 'attributeTextMax').refine(isStorableText, 'invalidValue').optional(),
      );
  }
}

/**
 * The details of a listing of `category`: each optional, none other allowed. Every bad or
 * unknown key is an issue at its own path; parses to the given values only, typed: option
 * keys, integers, texts.
 */
export function attributesSchema(category: string): z.ZodType<AttributeValues> {
  const schemas = new Map(attributesOf(category).map((a) => [a.key, valueSchema(a)]));
  return z.unknown().transform((input, ctx) => {
    const given: AttributeValues = {};
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      ctx.addIssue({ code: 'custom', message: 'attributesInvalid', input });
      return given;
    }
    for (const [key, raw] of Object.entries(input)) {
      const schema = schemas.get(key);
      if (!schema) {
        ctx.addIssue({ code: 'custom', message: 'attributeUnknown', path: [key], input: raw });
        continue;
      }
      const parsed = schema.safeParse(raw);
      if (!parsed.success) ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'invalidValue', path: [key], input: raw });
      else if (parsed.data !== undefined) given[key] = parsed.data;
    }
    return given;
  });
}

export type AttributeFilter =
  | { key: string; type: 'enum'; values: string[] }
  | { key: string; type: 'int'; min?: number; max?: number };

const FILTER_PARAM = /^attr\.([a-z][a-z0-9-]*)(?:\.(min|max))?$/;

/**
 * The `attr.KEY=VALUE` (repeatable) and `attr.KEY.min` / `attr.KEY.max` parameters of a search
 * query for `category` (undefined when the search has none: then any `attr.` parameter is an
 * issue). Other parameters are ignored. Issues are at the parameter's name, e.g. `attr.year.min`.
 */
export function attributeFiltersSchema(category: string | undefined) {
  // Only real categories are kept, so that no caller can grow the map with made-up names.
  const known = category === undefined || isCategoryKey(category);
  let schema = known ? filtersSchemas.get(category) : undefined;
  if (!schema) {
    schema = buildFiltersSchema(category);
    if (known) filtersSchemas.set(category, schema);
  }
  return schema;
}

const filtersSchemas = new Map<string | undefined, ReturnType<typeof buildFiltersSchema>>();

function buildFiltersSchema(category: string | undefined) {
  return z.record(z.string(), z.unknown()).transform((query, ctx): AttributeFilter[] => {
    const filters = new Map<string, AttributeFilter>();
    for (const [param, raw] of Object.entries(query)) {
      if (!param.startsWith('attr.')) continue;
      const match = FILTER_PARAM.exec(param);
      const attribute = match && category ? attributesOf(category).find((a) => a.key === match[1]) : undefined;
      const bound = match?.[2] as 'min' | 'max' | undefined;
      if (!attribute || !match) {
        ctx.addIssue({ code: 'custom', message: 'attributeUnknown', path: [param] });
        continue;
      }
      if (!attribute.filter || (attribute.type === 'enum') === Boolean(bound)) {
        ctx.addIssue({ code: 'custom', message: 'attributeNotFilter', path: [param] });
        continue;
      }
      const values = (Array.isArray(raw) ? raw : [raw]).filter((v) => blankToUndefined(v) !== undefined);
      if (values.length === 0) continue;
      if (attribute.type === 'enum') {
        const keys = new Set(attribute.options.map((o) => o.key));
        const bad = values.find((v) => typeof v !== 'string' || !keys.has(v));
        if (bad !== undefined) ctx.addIssue({ code: 'custom', message: 'attributeChoice', path: [param] });
        else filters.set(attribute.key, { key: attribute.key, type: 'enum', values: [...new Set(values as string[])] });
        continue;
      }
      const parsed = valueSchema(attribute).safeParse(values.length === 1 ? values[0] : values);
      if (!parsed.success || typeof parsed.data !== 'number') {
        ctx.addIssue({ code: 'custom', message: parsed.success ? 'attributeNumber' : (parsed.error.issues[0]?.message ?? 'attributeNumber'), path: [param] });
        continue;
      }
      const previous = filters.get(attribute.key);
      const range = previous?.type === 'int' ? previous : { key: attribute.key, type: 'int' as const };
      range[bound!] = parsed.data;
      filters.set(attribute.key, range);
      if (range.min !== undefined && range.max !== undefined && range.min > range.max) {
        ctx.addIssue({ code: 'custom', message: 'attributeRangeOrder', path: [`attr.${attribute.key}.min`] });
      }
    }
    return [...filters.values()];
  });
}
