/**
 * A refusal with its status and a sentence a person can act on; the error handler sends it as
 * { message }, plus `details` when a route's answer schema names them (an edit's 409: `changed`).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
