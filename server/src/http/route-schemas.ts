/**
 * One schema per route (docs/architecture.md, The API server): every route declares its
 * params, query, body and answers with the contract's zod schemas, so handlers get typed,
 * parsed input and nothing leaves that the answer's schema does not name.
 *
 * - A body, query or header that fails its schema is a 400 with the first issue's sentence.
 * - A path parameter that fails its schema names nothing: a 404 with the schema's own message
 *   (the id parameter rule, see `idParams`).
 * - Answers are written by the serializer compiled from their schema's JSON Schema
 *   (answer-serializer.ts): unknown keys dropped; an answer missing what its schema requires is
 *   a bug, refused with a 500 and logged.
 */
import type { FastifyInstance } from 'fastify';
import type { FastifySchemaCompiler } from 'fastify/types/schema';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema, idOf } from 'shared-api/contract';
import { z } from 'zod';
import { HttpError } from '../http-error';
import { firstIssueMessage, readableIssue, readableIssueUr } from '../validation';
import { sentenceOfApi } from './language';

/** Parses each part of a request with its route's schema, in our wording. */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data: unknown) => {
    // an error map only words the issues, so it is passed only once there are some: zod's parse
    // with any option costs ten times one without (docs/benchmarks.md, Where the API's time goes)
    const parsed = schema.safeParse(data);
    if (parsed.success) return { value: parsed.data };
    const result = schema.safeParse(data, { error: readableIssue });
    if (result.success) return { value: result.data };
    // the Urdu of the first issue: the same parse in Urdu's wording (a schema's own message, the
    // contract's English, is translated by its text)
    const inUrdu = schema.safeParse(data, { error: readableIssueUr });
    const urdu = inUrdu.success ? undefined : sentenceOfApi('ur', firstIssueMessage(inUrdu.error));
    const status = httpPart === 'params' ? 404 : 400;
    return {
      error: new HttpError(status, firstIssueMessage(result.error), undefined, urdu ? { ur: urdu } : undefined),
    };
  };

/**
 * The id parameter rule: the contract's one rule for ids (`idOf`, as in bodies and queries); in a
 * path a malformed id names nothing, so it gets the same 404 as an unknown one, with `notFound`.
 */
export const idParam = (notFound: string) => idOf(notFound);

/** `{ [name]: id }` path parameters, `:id` unless named otherwise. */
export function idParams<Name extends string = 'id'>(notFound: string, name?: Name) {
  return z.object({ [name ?? 'id']: idParam(notFound) } as Record<Name, ReturnType<typeof idParam>>);
}

/**
 * A body that may be left out: no body reads as `{}` (a cancel sends only AgentStatus; an approval
 * without a new password sends nothing). The document says so, since it marks every body required.
 */
export const optionalBody = <T extends z.ZodType>(schema: T) =>
  z.preprocess((body) => body ?? {}, schema).describe('May be left out: no body is read as {}.');

/** The refusals every route may answer: a sentence a person can act on. */
export const REFUSALS = {
  '4xx': errorResponseSchema,
  '5xx': errorResponseSchema,
} as const;

/** The app with the zod type provider: route options typed from their schemas. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
export type TypedApp = ReturnType<typeof typed>;
