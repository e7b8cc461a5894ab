// The OpenAPI 3.1 document is generated from the same zod schemas the routes validate with.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export async function registerOpenApi(app: FastifyInstance, publicUrl: string) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'EcoSouk API',
        version: '1.0.0',
        description: 'REST API of EcoSouk, the marketplace for eco-friendly and second-hand products in Algeria.',
      },
      servers: [{ url: publicUrl }],
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'session' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
}
