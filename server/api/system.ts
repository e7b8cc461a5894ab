// Health and reference data.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CATEGORY_ATTRIBUTES, ATTRIBUTE_UNITS, type Attribute } from '../../common/category-attributes.ts';
import { communesOf } from '../../common/communes.ts';
import { CATEGORIES, CATEGORY_KEYS, CONDITIONS, WILAYAS, WILAYA_KEYS } from '../../common/reference-data.ts';
import { errorBody, okBody } from '../http/envelope.ts';
import type { Services } from '../services/index.ts';

const localized = z.object({ ar: z.string(), fr: z.string(), en: z.string() });

const attributeSchema = z.object({
  key: z.string(),
  name: localized,
  type: z.enum(['enum', 'int', 'text']),
  unit: z.object({ key: z.string(), name: localized }).optional(),
  min: z.number().int().optional(),
  max: z.number().int().optional(),
  maxLength: z.number().int().optional(),
  options: z.array(z.object({ key: z.string(), name: localized })).optional(),
  filter: z.boolean(),
});

/** A detail as docs/api.md gives it: only the fields of its kind. */
function attributeView(a: Attribute): z.infer<typeof attributeSchema> {
  const base = { key: a.key, name: a.name, type: a.type, filter: a.filter };
  if (a.type === 'enum') return { ...base, options: a.options.map(({ key, name }) => ({ key, name })) };
  if (a.type === 'int') return { ...base, min: a.min, max: a.max, ...(a.unit ? { unit: { key: a.unit, name: ATTRIBUTE_UNITS[a.unit] } } : {}) };
  return { ...base, maxLength: a.maxLength };
}

const ATTRIBUTES_BY_CATEGORY = Object.fromEntries(CATEGORY_KEYS.map((key) => [key, CATEGORY_ATTRIBUTES[key].map(attributeView)]));

export function systemRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Liveness and database check',
          response: {
            200: okBody(z.object({ status: z.literal('ok'), db: z.literal('ok') })),
            503: errorBody,
          },
        },
      },
      async (_request, reply) => {
        try {
          await services.database.ping();
        } catch {
          return reply.status(503).send({ success: false, code: 'SERVICE_UNAVAILABLE', message: 'Database unavailable' });
        }
        return reply.header('cache-control', 'no-store').send({ success: true, data: { status: 'ok', db: 'ok' } });
      },
    );

    const meta = {
      categories: CATEGORIES.map(({ key, name }) => ({ key, name })),
      wilayas: WILAYAS.map(({ key, code, name }) => ({ key, code, name })),
      conditions: CONDITIONS.map(({ key, name }) => ({ key, name })),
    };
    app.get(
      '/meta',
      {
        schema: {
          tags: ['system'],
          summary: 'Categories, wilayas and conditions with their names in ar, fr and en',
          response: {
            200: okBody(
              z.object({
                categories: z.array(z.object({ key: z.string(), name: localized })),
                wilayas: z.array(z.object({ key: z.string(), code: z.string(), name: localized })),
                conditions: z.array(z.object({ key: z.string(), name: localized })),
              }),
            ),
          },
        },
      },
      async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').send({ success: true, data: meta }),
    );

    app.get(
      '/meta/attributes',
      {
        schema: {
          tags: ['system'],
          summary: "Each category's details (all categories, or the one given), in form order, named in ar, fr and en",
          description:
            '`enum` details have `options`, `int` ones `min`, `max` and maybe a `unit`, `text` ones `maxLength`. `filter` says whether the search filters on it (`attr.KEY=VALUE` for a choice, `attr.KEY.min` / `attr.KEY.max` for a number). A category without details has an empty list.',
          querystring: z.object({ category: z.preprocess((v) => (v === '' ? undefined : v), z.enum(CATEGORY_KEYS, { error: 'categoryRequired' }).optional()) }),
          response: { 200: okBody(z.record(z.string(), z.array(attributeSchema))), 400: errorBody },
        },
      },
      async (request, reply) => {
        const { category } = request.query;
        const data = category ? { [category]: ATTRIBUTES_BY_CATEGORY[category] ?? [] } : ATTRIBUTES_BY_CATEGORY;
        return reply.header('cache-control', 'public, max-age=3600').send({ success: true, data });
      },
    );

    app.get(
      '/meta/communes',
      {
        schema: {
          tags: ['system'],
          summary: "A wilaya's communes with their daïra, named in ar, fr and en",
          querystring: z.object({ wilaya: z.enum(WILAYA_KEYS, { error: 'addressInvalid' }) }),
          response: {
            200: okBody(z.array(z.object({ key: z.string(), daira: localized, name: localized }))),
            400: errorBody,
          },
        },
      },
      async (request, reply) =>
        reply.header('cache-control', 'public, max-age=3600').send({
          success: true,
          data: communesOf(request.query.wilaya).map(({ key, daira, name }) => ({ key, daira, name })),
        }),
    );

    app.get(
      '/meta/impact',
      {
        schema: {
          tags: ['system'],
          summary: 'kg CO₂e avoided by the listings sold on the site, compared with buying new (docs/impact.md)',
          response: {
            200: okBody(z.object({ co2eKgAvoided: z.number(), soldListings: z.number(), method: z.string() })),
          },
        },
      },
      // The total is recomputed at most every five minutes (services/impact.ts): shared caches may keep it as long.
      async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send({ success: true, data: await services.impact.siteTotal() }),
    );
  };
}
