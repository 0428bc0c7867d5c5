/**
 * A refusal with its status and a sentence a person can act on; the error handler sends it as
 * { message }, plus the members of `body` when the route's answer schema for that status names
 * them (an edit's 409: `changed`; a payout's 409: `orderIds`).
 */
import type { MessageLocale } from 'shared-api/contract';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly body?: Record<string, unknown>,
    /**
     * The sentence in the other languages, when it is built from figures (a builder's twin,
     * http/language.ts `builtRefusal`); a fixed sentence is translated by its English text.
     */
    readonly translations?: Partial<Record<MessageLocale, string>>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
