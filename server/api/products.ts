// The Products table of docs/api.md (search aside): thin adapters over the listing services.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '../../common/constants.ts';
import { createProductSchema, updateProductSchema } from '../../common/schemas/product.ts';
import { searchParamsSchema } from '../../common/schemas/search.ts';
import { isStorableText } from '../../common/schemas/text.ts';
import { errorBody, okBody, paginationSchema } from '../http/envelope.ts';
import { sendSerializedOnce } from '../http/serialized-once.ts';
import { AppError } from '#errors';
import { SHOP_MAX_LIMIT, SHOP_PAGE_LIMIT } from '../../common/constants.ts';
import { actorOf, requireSignedIn } from '../services/access.ts';
import type { Services } from '../services/index.ts';
import { toApiImage } from '../services/listings.ts';
import { toPublicUser } from '../../common/user-views.ts';
import { idParams, messageData, productSchema, productWithSellerSchema, publicUserSchema, uploadedImageSchema } from './schemas.ts';

const e = errorBody;

export function productRoutes(services: Services): FastifyPluginAsyncZod {
  const { listings, uploads } = services;
  return async (app) => {
    await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });

    app.get(
      '/products',
      {
        schema: {
          tags: ['products'],
          summary: 'Search active listings, 10 a page',
          description:
            '`title` matches words of the title or description in any language (case, accents and Arabic spelling variants ignored; the last word as a prefix). `all` or empty means no filter. `seller` (a user id) keeps one seller’s listings; an id of no one finds nothing. Counts stop at 1,000 (`pagination.totalIsCapped`); pages stop at 100. `fuzzy` is true when nothing matched exactly and close spellings were used.',
          querystring: searchParamsSchema,
          response: {
            200: z.object({
              success: z.literal(true),
              data: z.array(productSchema),
              pagination: paginationSchema.extend({ totalIsCapped: z.boolean() }),
              fuzzy: z.boolean(),
            }),
            400: e,
            429: e,
            503: e,
          },
        },
      },
      async (request, reply) => {
        const result = await services.search.search(request.query, request.caller);
        const reader = actorOf(request.caller);
        const body = (data: typeof result.products) => ({ success: true as const, data, pagination: result.pagination, fuzzy: result.fuzzy });
        if (!reader) {
          reply.header('cache-control', 'public, max-age=30');
          return sendSerializedOnce(reply, result, () => body(result.products));
        }
        // A signed-in reader's page says which listings they saved: it is theirs alone.
        reply.header('cache-control', 'private, no-store');
        return body(await services.favourites.mark(reader, result.products));
      },
    );

    app.post(
      '/products/upload',
      {
        schema: {
          tags: ['products'],
          summary:
            'Upload a listing photo (multipart field `image`; JPEG, PNG, WebP or AVIF, 10 MB, 40 megapixels at most). Verified accounts only (403 EMAIL_NOT_VERIFIED); 60 an hour, and 30 photos attached to no listing at most (429 RATE_LIMITED)',
          consumes: ['multipart/form-data'],
          response: { 201: okBody(uploadedImageSchema), 400: e, 401: e, 403: e, 413: e, 415: e, 429: e },
        },
      },
      async (request, reply) => {
        const user = requireSignedIn(actorOf(request.caller));
        // Refused before a byte of the file is read.
        const permit = await uploads.permit(user);
        if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data');
        const file = await request.file();
        if (!file || file.fieldname !== 'image') throw new AppError('VALIDATION_ERROR', 'No file uploaded');
        const image = await uploads.store(permit, await file.toBuffer());
        return reply.status(201).send({ success: true, data: { ...toApiImage(image), key: image.key } });
      },
    );

    app.delete(
      '/products/upload',
      {
        schema: {
          tags: ['products'],
          summary: 'Delete one of your uploads by its key',
          body: z.object({ key: z.string().min(1).max(200).refine(isStorableText, 'invalidValue') }),
          response: { 200: okBody(messageData), 400: e, 401: e, 403: e, 404: e },
        },
      },
      async (request) => {
        await uploads.remove(requireSignedIn(actorOf(request.caller)).id, request.body.key);
        return { success: true as const, data: { message: 'Image deleted' } };
      },
    );

    app.post(
      '/products',
      {
        schema: {
          tags: ['products'],
          summary: 'Publish a listing (verified e-mail required)',
          body: createProductSchema,
          response: { 201: okBody(productSchema), 400: e, 401: e, 403: e },
        },
      },
      async (request, reply) => {
        const product = await listings.create(actorOf(request.caller), request.body);
        return reply.status(201).send({ success: true, data: product });
      },
    );

    app.get(
      '/products/:id',
      {
        schema: {
          tags: ['products'],
          summary: 'A listing with its seller; counts a view (inactive ones only for their owner)',
          params: idParams,
          response: { 200: okBody(productWithSellerSchema), 404: e },
        },
      },
      async (request, reply) => {
        const product = await listings.read(actorOf(request.caller), request.params.id, { countView: true, caller: request.caller });
        reply.header('cache-control', 'no-store');
        return { success: true as const, data: product };
      },
    );

    app.put(
      '/products/:id',
      {
        schema: {
          tags: ['products'],
          summary: 'Edit your listing (any of the create fields)',
          params: idParams,
          body: updateProductSchema,
          response: { 200: okBody(productSchema), 400: e, 401: e, 403: e, 404: e },
        },
      },
      async (request) => ({ success: true as const, data: await listings.update(actorOf(request.caller), request.params.id, request.body) }),
    );

    app.delete(
      '/products/:id',
      { schema: { tags: ['products'], summary: 'Delete your listing and its photos', params: idParams, response: { 200: okBody(messageData), 401: e, 403: e, 404: e } } },
      async (request) => {
        await listings.remove(actorOf(request.caller), request.params.id);
        return { success: true as const, data: { message: 'Product deleted' } };
      },
    );

    app.patch(
      '/products/status/:id',
      {
        schema: { tags: ['products'], summary: 'Activate or deactivate your listing', params: idParams, response: { 200: okBody(productSchema), 401: e, 403: e, 404: e } },
      },
      async (request) => ({ success: true as const, data: await listings.toggleStatus(actorOf(request.caller), request.params.id) }),
    );

    app.post(
      '/products/:id/renew',
      {
        schema: {
          tags: ['products'],
          summary: 'Renew your listing: it stays up LISTING_TTL_DAYS more from now, expired or not',
          params: idParams,
          response: { 200: okBody(productSchema), 401: e, 403: e, 404: e },
        },
      },
      async (request) => ({ success: true as const, data: await services.lifecycle.renew(actorOf(request.caller), request.params.id) }),
    );

    app.post(
      '/products/:id/sold',
      {
        schema: {
          tags: ['products'],
          summary: 'Mark your listing as sold (out of search, a "sold" ribbon for 7 days) or as not sold',
          params: idParams,
          body: z.strictObject({ sold: z.boolean() }),
          response: { 200: okBody(productSchema), 400: e, 401: e, 403: e, 404: e },
        },
      },
      async (request) => ({ success: true as const, data: await services.lifecycle.markSold(actorOf(request.caller), request.params.id, request.body.sold) }),
    );

    app.post(
      '/products/:id/contact',
      {
        schema: {
          tags: ['products'],
          summary: "Reveal the seller's phone (counted, rate-limited)",
          params: idParams,
          response: {
            200: okBody(z.object({ contact: z.string(), whatsapp: z.boolean().describe('The seller takes WhatsApp on this number'), viber: z.boolean() })),
            404: e,
            429: e,
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { success: true as const, data: await listings.revealContact(request.caller, request.params.id) };
      },
    );

    app.post(
      '/events',
      {
        schema: {
          tags: ['products'],
          summary: 'Analytics event of the contact card (phone shown or hidden)',
          body: z.object({ type: z.literal('phone_toggle'), productId: z.string().max(100), shown: z.boolean() }),
          response: { 202: okBody(messageData), 400: e, 404: e, 429: e },
        },
      },
      async (request, reply) => {
        await listings.recordPhoneToggle(request.caller, request.body.productId, request.body.shown);
        return reply.status(202).send({ success: true, data: { message: 'Accepted' } });
      },
    );

    app.get(
      '/users/:id/products',
      {
        schema: {
          tags: ['users'],
          summary: "A seller's listings: active only, or all of them for the owner",
          params: idParams,
          querystring: z.object({ limit: z.coerce.number().int().min(1).max(SHOP_MAX_LIMIT).default(SHOP_PAGE_LIMIT) }),
          response: { 200: okBody(z.array(productSchema)).extend({ seller: publicUserSchema }), 400: e, 404: e },
        },
      },
      async (request) => {
        const { seller, products } = await listings.byUser(actorOf(request.caller), request.params.id, request.query.limit);
        return { success: true as const, data: products, seller: toPublicUser(seller) };
      },
    );
  };
}
