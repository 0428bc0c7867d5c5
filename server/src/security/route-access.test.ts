/**
 * A route's sign-in and its OpenAPI `security` come from one declaration (config.access,
 * plugins/auth.ts), so what the document tells an integrator is what the route does: every
 * route the document lists with a required bearer token answers 401 without one, every route
 * it lists without security lets a caller without a token past the door, and a route whose
 * token is optional is documented so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../db/schema';
import { openApiPath } from '../http/openapi-document';
import { createTestApp, signInAs, type TestApp } from '../test/helpers';

type Security = Record<string, string[]>[];
interface Document {
  paths: Record<string, Record<string, { security?: Security }>>;
}

/** Any well-formed value for a path's placeholders: the door is checked before the record. */
const PLACEHOLDER = '7b0c9a8e-2f7d-4c55-9d8e-1a2b3c4d5e6f';
const fill = (url: string) => url.replace(/:(\w+)/g, PLACEHOLDER);

const REQUIRED: Security = [{ bearer: [] }];
const OPTIONAL: Security = [{ bearer: [] }, {}];

describe('who may call each route, as the document says', () => {
  let t: TestApp;
  let doc: Document;
  let admin: UserRow;
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as Document;
    ({ user: admin } = await signInAs(t.app, 'admin'));
  });
  afterAll(() => t.close());

  const documented = () =>
    t.app.registeredRoutes
      .filter((route) => route.documented)
      .map((route) => ({
        name: `${route.method} ${route.url}`,
        method: route.method,
        url: fill(route.url),
        security: doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()]?.security,
      }));

  it('documents each route with a required token, an optional one or none', () => {
    const routes = documented();
    expect(routes.length).toBeGreaterThanOrEqual(30);
    const odd = routes
      .filter(({ security }) => ![REQUIRED, OPTIONAL, undefined].some((known) => isDeepEqual(security, known)))
      .map(({ name, security }) => `${name}: ${JSON.stringify(security)}`);
    expect(odd).toEqual([]);
  });

  it('answers 401 without a token exactly on the routes documented with a required token', async () => {
    const disagreements: string[] = [];
    for (const route of documented()) {
      const res = await t.app.inject({ method: route.method as 'GET', url: route.url });
      const required = isDeepEqual(route.security, REQUIRED);
      if (required !== (res.statusCode === 401)) {
        disagreements.push(`${route.name}: documented ${JSON.stringify(route.security)}, answered ${res.statusCode}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('lets a valid token past the door of every route documented with one', async () => {
    const refused: string[] = [];
    // not the live stream: let in, it stays open
    const signedIn = documented().filter(
      ({ name, security }) => isDeepEqual(security, REQUIRED) && name !== 'GET /api/alerts/stream',
    );
    for (const route of signedIn) {
      // a token of its own each time: POST /api/logout revokes the one it is sent with
      const authorization = `Bearer ${await t.app.tokens.sign(admin)}`;
      const res = await t.app.inject({ method: route.method as 'GET', url: route.url, headers: { authorization } });
      if (res.statusCode === 401) refused.push(route.name);
    }
    expect(refused).toEqual([]);
  });
});

function isDeepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
