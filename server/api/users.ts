// The Users table of docs/api.md: thin adapters over the user service.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '../../common/constants.ts';
import {
  contactSchema,
  forgotPasswordSchema,
  langSchema,
  loginSchema,
  profileUpdateSchema,
  resetPasswordSchema,
  signupSchema,
} from '../../common/schemas/user.ts';
import { errorBody, listBody, okBody } from '../http/envelope.ts';
import { AppError } from '#errors';
import { actorOf, requireSignedIn } from '../services/access.ts';
import type { Services } from '../services/index.ts';
import { USERS_PAGE_SIZE } from '../services/users.ts';
import { toPublicUser, toSelfUser } from '../../common/user-views.ts';
import { idParams, messageData, publicUserSchema, selfUserSchema } from './schemas.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 413: errorBody, 415: errorBody, 429: errorBody };
const pick = <K extends keyof typeof errors>(...codes: K[]) => Object.fromEntries(codes.map((c) => [c, errors[c]])) as Pick<typeof errors, K>;

export function userRoutes(services: Services): FastifyPluginAsyncZod {
  const { users, sessions } = services;
  return async (app) => {
    await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });

    app.post(
      '/users/signup',
      { schema: { tags: ['users'], summary: 'Create an account; sends the verification e-mail', body: signupSchema, response: { 201: okBody(selfUserSchema), ...pick(400, 409, 429) } } },
      async (request, reply) => {
        const { user } = await users.signup(request.caller, request.body);
        return reply.status(201).send({ success: true, data: toSelfUser(user) });
      },
    );

    app.post(
      '/users/login',
      { schema: { tags: ['users'], summary: 'Log in; sets the session cookie', body: loginSchema, response: { 200: okBody(selfUserSchema), ...pick(400, 401, 429) } } },
      async (request, reply) => {
        const { user, cookie } = await users.login(request.caller, request.body.email, request.body.password);
        reply.header('set-cookie', cookie);
        return { success: true as const, data: toSelfUser(user) };
      },
    );

    app.post(
      '/users/logout',
      { schema: { tags: ['users'], summary: 'Log out; deletes the session', response: { 200: okBody(messageData) } } },
      async (request, reply) => {
        reply.header('set-cookie', await users.logout(request.caller));
        return { success: true as const, data: { message: 'Logged out' } };
      },
    );

    app.get(
      '/users/me',
      { schema: { tags: ['users'], summary: 'The signed-in user', response: { 200: okBody(selfUserSchema), ...pick(401) } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { success: true as const, data: toSelfUser(requireSignedIn(actorOf(request.caller))) };
      },
    );

    app.get(
      '/users',
      {
        schema: {
          tags: ['users'],
          summary: 'Public profiles, 20 a page',
          querystring: z.object({ currentPage: z.coerce.number().int().min(1).max(100_000).default(1) }),
          response: { 200: listBody(publicUserSchema), ...pick(400) },
        },
      },
      async (request) => {
        const page = request.query.currentPage;
        const { rows, total } = await users.listPublic(page);
        return {
          success: true as const,
          data: rows.map(toPublicUser),
          pagination: { currentPage: page, totalPages: Math.max(1, Math.ceil(total / USERS_PAGE_SIZE)), totalItems: total, pageSize: USERS_PAGE_SIZE },
        };
      },
    );

    app.get(
      '/users/:id',
      { schema: { tags: ['users'], summary: 'A public profile', params: idParams, response: { 200: okBody(publicUserSchema), ...pick(404) } } },
      async (request) => {
        const user = await users.byId(request.params.id);
        if (!user) throw new AppError('NOT_FOUND', 'User not found');
        return { success: true as const, data: toPublicUser(user) };
      },
    );

    app.put(
      '/users/:id',
      {
        schema: {
          tags: ['users'],
          summary: 'Update your profile (empty fields are ignored)',
          params: idParams,
          body: profileUpdateSchema,
          response: { 200: okBody(selfUserSchema), ...pick(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const user = await users.updateProfile(actorOf(request.caller), request.params.id, request.body);
        return { success: true as const, data: toSelfUser(user) };
      },
    );

    app.delete(
      '/users/:id',
      { schema: { tags: ['users'], summary: 'Delete your account, listings and photos', params: idParams, response: { 200: okBody(messageData), ...pick(401, 403, 404) } } },
      async (request, reply) => {
        await users.deleteAccount(actorOf(request.caller), request.params.id);
        reply.header('set-cookie', sessions.clearedCookie());
        return { success: true as const, data: { message: 'User deleted successfully' } };
      },
    );

    app.post(
      '/users/forgetPassword',
      {
        schema: { tags: ['users'], summary: 'E-mail a password reset link (same answer for unknown addresses)', body: forgotPasswordSchema, response: { 200: okBody(messageData), ...pick(400, 429) } },
      },
      async (request) => {
        await users.forgotPassword(request.caller, request.body.email, request.body.lang ?? 'ar');
        return { success: true as const, data: { message: 'If an account exists for this address, a reset link has been sent' } };
      },
    );

    app.post(
      '/users/resetPassword',
      { schema: { tags: ['users'], summary: 'Set a new password with a reset token', body: resetPasswordSchema, response: { 200: okBody(messageData), ...pick(400, 401, 404) } } },
      async (request) => {
        await users.resetPassword(request.body.token, request.body.password);
        return { success: true as const, data: { message: 'Password updated' } };
      },
    );

    app.post(
      '/users/sendVerificationEmail',
      {
        schema: {
          tags: ['users'],
          summary: 'E-mail a new verification link to the signed-in user',
          // No body at all arrives as null.
          body: z.object({ lang: langSchema, email: z.string().optional() }).nullish(),
          response: { 200: okBody(messageData), ...pick(400, 401, 429) },
        },
      },
      async (request) => {
        await users.sendVerification(request.caller, request.body?.lang ?? 'ar');
        return { success: true as const, data: { message: 'Verification email sent' } };
      },
    );

    app.post(
      '/users/verify-email',
      {
        schema: {
          tags: ['users'],
          summary: 'Verify an e-mail address with the token of the link',
          querystring: z.object({ token: z.string().max(200).optional() }),
          response: { 200: okBody(selfUserSchema), ...pick(400) },
        },
      },
      async (request) => {
        const user = await users.verifyEmail(request.query.token?.trim() || undefined);
        return { success: true as const, data: toSelfUser(user) };
      },
    );

    app.post(
      '/users/contact',
      { schema: { tags: ['users'], summary: 'Send a message to the EcoSouk team', body: contactSchema, response: { 201: okBody(messageData), ...pick(400, 429) } } },
      async (request, reply) => {
        await users.contact(request.caller, request.body);
        return reply.status(201).send({ success: true, data: { message: 'Message sent successfully' } });
      },
    );

    app.post(
      '/users/:id/profile-image',
      {
        schema: {
          tags: ['users'],
          summary: 'Upload a profile photo (multipart field `image`; JPEG, PNG, WebP or AVIF, 10 MB at most)',
          params: idParams,
          consumes: ['multipart/form-data'],
          response: { 200: okBody(selfUserSchema), ...pick(400, 401, 403, 404, 413, 415) },
        },
      },
      async (request) => {
        const actor = requireSignedIn(actorOf(request.caller));
        if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data');
        const file = await request.file();
        if (!file || file.fieldname !== 'image') throw new AppError('VALIDATION_ERROR', 'No file uploaded');
        const user = await users.setAvatar(actor, request.params.id, await file.toBuffer());
        return { success: true as const, data: toSelfUser(user) };
      },
    );
  };
}
