/** A refusal with its status and a sentence a person can act on; the error handler sends it as { message }. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
