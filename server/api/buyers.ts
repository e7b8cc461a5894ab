// Favourites and saved searches (docs/api.md, "Buyers and sellers"): thin adapters over the services.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AVAILABILITIES } from '../../common/product.ts';
import { ALERT_MODES, createSavedSearchSchema, updateSavedSearchSchema } from '../../common/saved-search.ts';
import { errorBody, listBody, okBody } from '../http/envelope.ts';
import { actorOf } from '../services/access.ts';
import type { Services } from '../services/index.ts';
import { messageData, productSchema } from './schemas.ts';

const e = errorBody;

const productIdParams = z.object({ productId: z.string() });
const idParams = z.object({ id: z.string() });

const savedSearchSchema = z
  .object({
    id: z.string(),
    name: z.string().nullable().describe('Null: named by its filters'),
    query: z
      .record(z.string(), z.union([z.string(), z.number(), z.literal(true), z.array(z.string())]))
      .describe('The search parameters, as GET /products takes them; a choice of details (`attr.fuel`) is a list, `exchange` is true'),
    alert: z.enum(ALERT_MODES),
    newCount: z.number().int().describe('Listings published since the member last opened it (stops at 100)'),
    createdAt: z.string(),
    lastNotifiedAt: z.string().nullable(),
  })
  .meta({ id: 'SavedSearch' });

const favouriteSchema = productSchema.extend({ availability: z.enum(AVAILABILITIES) }).meta({ id: 'FavouriteProduct' });

export function buyerRoutes(services: Services): FastifyPluginAsyncZod {
  const { favourites, savedSearches } = services;
  return async (app) => {
    app.put(
      '/favourites/:productId',
      {
        schema: {
          tags: ['buyers'],
          summary: 'Save a listing to your favourites (idempotent)',
          params: productIdParams,
          response: { 200: okBody(messageData), 401: e, 404: e },
        },
      },
      async (request) => {
        await favourites.add(actorOf(request.caller), request.params.productId);
        return { success: true as const, data: { message: 'Saved' } };
      },
    );

    app.delete(
      '/favourites/:productId',
      {
        schema: {
          tags: ['buyers'],
          summary: 'Remove a listing from your favourites (idempotent)',
          params: productIdParams,
          response: { 200: okBody(messageData), 401: e },
        },
      },
      async (request) => {
        await favourites.remove(actorOf(request.caller), request.params.productId);
        return { success: true as const, data: { message: 'Removed' } };
      },
    );

    app.get(
      '/favourites',
      {
        schema: {
          tags: ['buyers'],
          summary: 'Your saved listings, newest saved first, each with its availability (sold, expired and unavailable ones kept)',
          querystring: z.object({ currentPage: z.coerce.number().int().min(1).max(1000).default(1) }),
          response: { 200: listBody(favouriteSchema), 400: e, 401: e },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const result = await favourites.list(actorOf(request.caller), request.query.currentPage);
        return { success: true as const, data: result.products, pagination: result.pagination };
      },
    );

    app.post(
      '/saved-searches',
      {
        schema: {
          tags: ['buyers'],
          summary: 'Save a search (its `query` is validated exactly as GET /products); 20 at most (409 LIMIT_REACHED)',
          body: createSavedSearchSchema,
          response: { 201: okBody(savedSearchSchema), 400: e, 401: e, 409: e },
        },
      },
      async (request, reply) => reply.status(201).send({ success: true, data: await savedSearches.create(actorOf(request.caller), request.body) }),
    );

    app.get(
      '/saved-searches',
      {
        schema: { tags: ['buyers'], summary: 'Your saved searches, newest first, with their new-results counts', response: { 200: okBody(z.array(savedSearchSchema)), 401: e } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { success: true as const, data: await savedSearches.list(actorOf(request.caller)) };
      },
    );

    app.patch(
      '/saved-searches/:id',
      {
        schema: {
          tags: ['buyers'],
          summary: 'Rename a saved search or change its alert (`off`, `instant`, `daily`)',
          params: idParams,
          body: updateSavedSearchSchema,
          response: { 200: okBody(savedSearchSchema), 400: e, 401: e, 404: e },
        },
      },
      async (request) => ({ success: true as const, data: await savedSearches.update(actorOf(request.caller), request.params.id, request.body) }),
    );

    app.delete(
      '/saved-searches/:id',
      { schema: { tags: ['buyers'], summary: 'Delete a saved search', params: idParams, response: { 200: okBody(messageData), 401: e, 404: e } } },
      async (request) => {
        await savedSearches.remove(actorOf(request.caller), request.params.id);
        return { success: true as const, data: { message: 'Saved search deleted' } };
      },
    );
  };
}
