/**
 * The API's reference for integrators, written from the routes' own schemas: the OpenAPI 3.1
 * document at GET /api/openapi.json and a reference page at /api/docs. A route is in the
 * document because it is registered with its schemas; nothing is written by hand.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { answerSerializerCompiler } from '../http/answer-serializer';
import { validatorCompiler } from '../http/route-schemas';

export const OPENAPI_PATH = '/api/openapi.json';

/** A route as registered: what the API document must describe. */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** in the document (false for the reference page's own files and the document itself) */
  documented: boolean;
  /** the statuses its schema describes */
  responses: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** every route of the app, in the order registered */
    registeredRoutes: readonly RegisteredRoute[];
  }
}
export const REFERENCE_PAGE_PATH = '/api/docs';

async function openApiPlugin(
  app: FastifyInstance,
  options: { publicUrl: string; version: string; checkAnswers?: boolean | undefined },
) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler({ check: options.checkAnswers === true }));

  const registered: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registered);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = route.schema as { hide?: boolean; response?: Record<string, unknown> } | undefined;
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      registered.push({
        method,
        url: route.url,
        documented: !schema?.hide,
        responses: Object.keys(schema?.response ?? {}),
      });
    }
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Review marketplace API',
        description:
          'Products with a commission, orders placed by agents, their proof and their commission. Sign in with POST /api/login and send the token as `Authorization: Bearer <token>`. Every refusal is JSON `{ message }` with a sentence a person can act on. Lists are paged with `page` and `limit`; their total is in the `X-Total-Count` header.',
        version: options.version,
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: createJsonSchemaTransform({ skipList: [] }),
  });
  await app.register(swaggerUi, {
    routePrefix: REFERENCE_PAGE_PATH,
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}

export default fp(openApiPlugin, { name: 'openapi' });
