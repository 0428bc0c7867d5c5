/**
 * Every refusal is a 4xx JSON { message } with a sentence a person can act on; input never
 * produces a 500; an unreachable database is a 503; anything unexpected is still JSON.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from 'shared-api/contract';
import { ZodError } from 'zod';
import { errorChain as chain } from '../db/errors';
import { refusalMessage, requestLocale, sentenceOfApi } from '../http/language';
import { HttpError } from '../http-error';
import { firstIssueMessage } from '../validation';

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EPIPE',
  'EAI_AGAIN',
]);
const CONNECTION_MESSAGES = [
  /PGlite is clos(ed|ing)/,
  /Cannot use a pool after calling end/,
  /Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error/,
  // the pool ended a client whose connection broke while a transaction held it (db/connection.ts)
  /Client was closed and is not queryable/,
  // the server answered nothing for too long (a hung or paused PostgreSQL, db/connection.ts GuardedClient)
  /Query read timeout/,
];

/** The database cannot be reached (down, closed, shutting down, too many connections). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of chain(error)) {
    const code = typeof e.code === 'string' ? e.code : '';
    // SQLSTATE 08xxx: connection exception; 57P0x: shutting down; 53300: too many connections;
    // 57014: cancelled, by statement_timeout (db/connection.ts) or an operator
    if (CONNECTION_CODES.has(code) || /^(08...|57P0[1-3]|57014|53300)$/.test(code)) return true;
    if (typeof e.message === 'string' && CONNECTION_MESSAGES.some((re) => re.test(e.message as string))) return true;
  }
  return false;
}

/** PostgreSQL refusals caused by the request's data: a safety net for routes that did not check first. */
function describeConstraintError(error: unknown): { statusCode: number; message: string } | undefined {
  for (const e of chain(error)) {
    // class 22, data exceptions (bad text encoding such as a NUL byte, out-of-range numbers...)
    if (typeof e.code === 'string' && e.code.startsWith('22')) {
      return { statusCode: 400, message: 'A value in the request is not valid.' };
    }
    switch (e.code) {
      case '23505':
        return { statusCode: 409, message: 'This conflicts with an existing record.' };
      case '23503':
      case '23001':
        return { statusCode: 409, message: 'This refers to a record that does not exist, or is still in use.' };
      case '23502':
      case '23514':
        return { statusCode: 400, message: 'A value in the request is not valid.' };
    }
  }
  return undefined;
}

const FASTIFY_CODES: Record<string, { statusCode: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { statusCode: 400, message: MESSAGES.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { statusCode: 400, message: 'The request body is empty; send a JSON object.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { statusCode: 413, message: MESSAGES.bodyTooLarge },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    statusCode: 400,
    message: 'The Content-Length header does not match the body.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { statusCode: 415, message: MESSAGES.unsupportedMediaType },
};

export function describeError(error: FastifyError | Error): { statusCode: number; message: string } {
  if (error instanceof HttpError) return { statusCode: error.statusCode, message: error.message };
  if (error instanceof ZodError) return { statusCode: 400, message: firstIssueMessage(error) };
  if (isDatabaseUnavailable(error)) return { statusCode: 503, message: MESSAGES.databaseUnavailable };
  const constraint = describeConstraintError(error);
  if (constraint) return constraint;
  const { code, statusCode } = error as FastifyError;
  const known = code ? FASTIFY_CODES[code] : undefined;
  if (known) return known;
  if (statusCode === 429) return { statusCode, message: MESSAGES.tooManyRequests };
  if (statusCode === 400 && error instanceof SyntaxError) return { statusCode, message: MESSAGES.invalidJson };
  // Other 4xx from Fastify or a plugin (schema validation, multipart limits) carry their own sentence.
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) return { statusCode, message: error.message };
  return { statusCode: 500, message: MESSAGES.somethingWentWrong };
}

async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { statusCode, message } = describeError(error);
    if (statusCode >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ statusCode, reason: message }, 'request refused');
    // a refusal's body goes out only where the route's answer schema names it (it drops unknown keys)
    const body = error instanceof HttpError && statusCode === error.statusCode ? error.body : undefined;
    return reply.code(statusCode).send({ ...body, message: refusalMessage(requestLocale(request), message, error) });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const message =
      requestLocale(request) === 'ur'
        ? `اس API میں ${request.method} ${path} موجود نہیں ہے۔ پتہ چیک کریں۔`
        : `There is no ${request.method} ${path} in this API. Check the address.`;
    return reply.code(404).send({ message });
  });

  // A sentence a route sends itself ({ message } of a 202, a 4xx written by a plugin) in the
  // request's language too; English answers are left untouched (docs/architecture.md, Languages).
  // every answer passes here: a callback, not an async function (no promise a request)
  app.addHook('onSend', (request, reply, payload, done) => {
    done(null, inRequestLanguage(request, reply, payload));
  });
}

function inRequestLanguage(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (typeof payload !== 'string' || requestLocale(request) === 'en' || !payload.includes('"message"')) return payload;
  if (!String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
  try {
    const answer = JSON.parse(payload) as unknown;
    if (answer === null || typeof answer !== 'object' || Array.isArray(answer)) return payload;
    const { message } = answer as { message?: unknown };
    if (typeof message !== 'string') return payload;
    const translated = sentenceOfApi(requestLocale(request), message);
    return translated === message ? payload : JSON.stringify({ ...answer, message: translated });
  } catch {
    return payload;
  }
}

export default fp(errorsPlugin, { name: 'errors' });
