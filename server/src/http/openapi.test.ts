/**
 * The API document is written from the routes' schemas: every route the app registers is in it
 * with the answers it gives, and an answer that its schema does not describe never leaves.
 */
import { CONTRACT_VERSION } from 'shared-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/helpers';
import { openApiPath } from './openapi-document';
import { REFUSALS, typed } from './route-schemas';

interface Document {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
}

describe('the API document', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await createTestApp();
    // a route whose handler answers what its schema does not describe (a bug the serializer stops)
    typed(t.app).get(
      '/api/test/undescribed',
      { schema: { hide: true, response: { 200: z.object({ name: z.string() }), ...REFUSALS } } },
      // biome-ignore lint/suspicious/noExplicitAny: the wrong shape on purpose
      async () => ({ count: 1 }) as any,
    );
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json() as Document;
  });
  afterAll(() => t.close());

  it('is OpenAPI 3.1, versioned as the contract', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe(CONTRACT_VERSION);
  });

  it('describes every route the app registers, with a schema for each answer it declares', () => {
    const routes = t.app.registeredRoutes.filter((route) => route.documented);
    expect(routes.length).toBeGreaterThanOrEqual(30);
    const missing = routes
      .filter((route) => !doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()])
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
    const withoutAnswers = routes
      .filter((route) => !route.responses.some((status) => /^[23]/.test(status)))
      .map((route) => `${route.method} ${route.url}`);
    expect(withoutAnswers).toEqual([]);
  });

  it('leaves out only the reference page and the document themselves', () => {
    const hidden = t.app.registeredRoutes
      .filter((route) => !route.documented && !route.url.startsWith('/api/test/'))
      .map((route) => route.url);
    expect(hidden.every((url) => url === '/api/openapi.json' || url.startsWith('/api/docs'))).toBe(true);
  });

  it('has a reference page for integrators at /api/docs', async () => {
    const page = await t.app.inject({ url: '/api/docs' });
    const html = page.statusCode === 302 ? await t.app.inject({ url: page.headers.location as string }) : page;
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.body).toContain('swagger-ui');
  });

  it('refuses to send an answer its schema does not describe (500, nothing of it leaves)', async () => {
    const res = await t.app.inject({ url: '/api/test/undescribed' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('count');
    expect(res.json()).toEqual({ message: expect.any(String) });
  });
});
