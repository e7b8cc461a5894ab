// The Fastify application: API under /api/v1, uploads, and React Router for every other path.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { fastifyReactRouter } from '@mcansh/react-router-fastify';
import type { ServerBuild } from 'react-router';
import Fastify, { type FastifyBaseLogger, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ViteDevServer } from 'vite';
import { systemRoutes } from './api/system.ts';
import { userRoutes } from './api/users.ts';
import { productRoutes } from './api/products.ts';
import { buyerRoutes } from './api/buyers.ts';
import { seoRoutes } from './api/seo.ts';
import { messagingRoutes } from './api/messaging.ts';
import { adminRoutes, reportRoutes } from './api/admin.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerSameOriginCheck } from './plugins/same-origin.ts';
import { cspNonceFor, registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerNotFoundLimit } from './plugins/not-found-limit.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerPageCaching } from './plugins/page-caching.ts';
import { AccessLog } from './http/access-log.ts';
import { registerCompression } from './http/compression.ts';
import { requestFactsOf } from './http/caller.ts';
import { createLoadContext } from './http/load-context.ts';
import type { Services } from './services/index.ts';
import { logSerializers } from './services/redact.ts';
import { registerServerLimits, serverOptions } from './http/server-options.ts';
import { responseSerializerCompiler } from './http/response-serializer.ts';
import { registerMethodNotAllowed } from './plugins/method-not-allowed.ts';
import { registerPageBodyLimit } from './plugins/page-body-limit.ts';
import { registerStoredFiles } from './http/stored-files.ts';
import { registerReadRouting } from './plugins/read-routing.ts';

export interface BuildAppOptions {
  services: Services;
  /** Serve pages: the production build, a Vite dev server, or nothing (API-only tests). */
  pages?: { mode: 'production'; buildDir?: string } | { mode: 'dev'; vite: ViteDevServer } | false;
  logger?: FastifyServerOptions['logger'];
  /** Every answer also checked against its zod schema, a 500 when it breaks it (tests, the dev server; decision 0052). */
  checkResponses?: boolean;
}

/** Request URLs are logged without their tokens, whichever logger is used (server/services/redact.ts). */
function withRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger || typeof logger !== 'object') return logger;
  const given = (logger as { serializers?: Record<string, unknown> }).serializers;
  return { ...logger, serializers: { ...logSerializers, ...given } } as FastifyServerOptions['logger'];
}

export async function buildApp({ services, pages = false, logger, checkResponses = false }: BuildAppOptions) {
  const { config } = services;
  const logging: Pick<FastifyServerOptions, 'logger' | 'loggerInstance'> =
    logger === undefined
      ? { loggerInstance: services.log.child({}, { serializers: logSerializers }) as FastifyBaseLogger }
      : { logger: withRedaction(logger) };
  const app = Fastify({
    ...logging,
    logController: new AccessLog(),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // Trusted proxies (TRUST_PROXY), timeouts, connection cap, parser-level refusals.
    ...serverOptions(config),
    routerOptions: { maxParamLength: 200 },
    // Fastify rejects some requests before any route or error handler runs (a path that is not
    // valid percent-encoding, say); they get the API's error envelope too.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      void reply.status(status).send({ success: false, code: 'VALIDATION_ERROR', message: error.code === 'FST_ERR_BAD_URL' ? 'Malformed URL' : 'Invalid request' });
    },
  }).withTypeProvider<ZodTypeProvider>();

  // An empty JSON body (fetch clients send one with POST and no data) counts as no body.
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return defaultJson(request, text, done);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ check: checkResponses }));
  registerErrorHandler(app);
  registerServerLimits(app, config);
  registerMethodNotAllowed(app);
  registerPageBodyLimit(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerSecurityHeaders(app, { publicUrl: config.publicUrl, photoPublicUrl: config.photoPublicUrl, dev: pages !== false && pages.mode === 'dev' });
  registerSameOriginCheck(app, config.publicUrl);
  registerNotFoundLimit(app, services.limits);
  registerPageCaching(app);
  await registerCompression(app);
  await app.register(cookie);
  // The in-memory search index is followed like a replica: a writer's next reads skip it too.
  if (services.database.replicaStats || services.searchIndex) registerReadRouting(app, { windowSeconds: config.readYourWritesSeconds, secure: config.secureCookies });
  await registerOpenApi(app, config.publicUrl);

  await app.register(
    async (api) => {
      registerAuth(api, services);
      await api.register(systemRoutes(services));
      await api.register(userRoutes(services));
      await api.register(productRoutes(services));
      await api.register(messagingRoutes(services));
      await api.register(reportRoutes(services));
      await api.register(adminRoutes(services));
      await api.register(buyerRoutes(services));
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api/v1' },
  );
  // Any other path under /api/ is a JSON 404, never the HTML 404 page.
  app.all('/api/*', { schema: { hide: true } }, async (_request, reply) =>
    reply.status(404).send({ success: false, code: 'NOT_FOUND', message: 'Not found' }),
  );

  // Browsers ask for /favicon.ico on their own; the icon is an SVG.
  app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/favicon.svg', 301));

  await app.register(seoRoutes(services));

  if (services.storage.kind === 'local') {
    mkdirSync(config.uploadsDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: config.uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      // Upload keys are content-unique: a URL never changes meaning.
      maxAge: '365d',
      immutable: true,
    });
  } else registerStoredFiles(app, services.storage);

  if (pages) {
    await app.register(fastifyReactRouter, {
      ...(pages.mode === 'dev'
        ? { devServer: pages.vite }
        : {
            // The build, imported once. Given only its path, the adapter hands React Router a
            // function that imports it, and React Router then rebuilds its route tables and
            // static handler on every request (a module-cache lookup, route compilation and
            // matching set-up: about a fifth of a small page's time, measured for issue #18).
            // Without a build yet (a fresh clone whose tests start the server for its API), the
            // path instead: the API serves, and pages fail with the adapter's own error until
            // `react-router build` has run, as they always did.
            ...(await serverBuildOf(path.resolve(pages.buildDir ?? 'build', 'server/index.js'))),
            clientBuildDirectory: path.join(pages.buildDir ?? 'build', 'client'),
            // The build writes .br/.gz beside each asset (tooling/precompress.ts) at maximum quality.
            staticOptions: { preCompressed: true },
          }),
      mode: pages.mode === 'dev' ? 'development' : 'production',
      getLoadContext: (request) =>
        createLoadContext(services, { ...requestFactsOf(request), requestId: String(request.id), nonce: cspNonceFor(request) }),
    });
  }

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/** The page build, imported once; only its path when there is no build yet (see buildApp). */
async function serverBuildOf(file: string): Promise<{ build: ServerBuild } | { serverBuildPath: string }> {
  return existsSync(file) ? { build: (await import(pathToFileURL(file).href)) as ServerBuild } : { serverBuildPath: file };
}
