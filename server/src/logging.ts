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

/** A path and the query string after it, as it stands in a JSON log line. */
const PATH_WITH_QUERY = /(\/[^\s"'?#\\]*)\?[^\s"'\\]*/g;

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
      streamWrite: (line: string) => (previous ? previous(line) : line).replace(PATH_WITH_QUERY, '$1'),
    },
  };
}
