/**
 * The API's log lines never hold a query string: a private image's signed link carries its
 * signature there (`?expires=&sig=`), and a log lives far longer than the link and is read
 * by more people than the admins the link was made for.
 *
 * Request lines log the path only. Every other line (an error whose message quotes an
 * address, Fastify's own warnings) goes through one filter that cuts the query string off
 * any path in it before the line is written.
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Where a path segment ends in a JSON log line, and a query string too (but for `?` and `#`). */
const isSegmentEnd = (char: string) => /[\s"'?#\\]/.test(char);
const isQueryEnd = (char: string) => /[\s"'\\]/.test(char);

/**
 * The line with the query string cut off every path in it: a `?` after a `/` and the
 * characters up to the next space, quote or backslash. One pass, no backtracking.
 */
function cutQueryStrings(line: string): string {
  let out = '';
  let inPath = false;
  for (let i = 0; i < line.length; i++) {
    const char = line.charAt(i);
    if (char === '?' && inPath) {
      while (i + 1 < line.length && !isQueryEnd(line.charAt(i + 1))) i++;
      inPath = false;
      continue;
    }
    out += char;
    if (char === '/') inPath = true;
    else if (isSegmentEnd(char)) inPath = false;
  }
  return out;
}

export function withoutQueryString(url: string): string {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

/** Fastify's request serializer, with the path instead of the URL. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: withoutQueryString(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Fastify's logger option with both rules added; `false` stays off. */
export function withSafeLogLines(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  const previous = options.hooks?.streamWrite;
  return {
    ...options,
    serializers: { ...options.serializers, req: requestForLog },
    hooks: {
      ...options.hooks,
      streamWrite: (line: string) => cutQueryStrings(previous ? previous(line) : line),
    },
  };
}
