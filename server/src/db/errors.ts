/**
 * Reading what the database refused out of an error a driver threw, however drizzle wrapped it
 * (DrizzleQueryError.cause) or Node grouped it (AggregateError.errors).
 */

export interface DatabaseErrorLike {
  /** SQLSTATE, or a Node error code such as ECONNREFUSED */
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** The error and everything it wraps. */
export function* errorChain(error: unknown, depth = 0): Generator<DatabaseErrorLike> {
  if (depth > 5 || typeof error !== 'object' || error === null) return;
  const e = error as DatabaseErrorLike;
  yield e;
  yield* errorChain(e.cause, depth + 1);
  if (Array.isArray(e.errors)) for (const inner of e.errors) yield* errorChain(inner, depth + 1);
}

/**
 * A unique index refused the row (SQLSTATE 23505); with `name`, only that index or a trigger
 * raising 23505 under that name (it is the constraint, or in the message).
 */
export function isUniqueViolation(error: unknown, name?: string): boolean {
  for (const e of errorChain(error)) {
    if (e.code !== '23505') continue;
    if (name === undefined || e.constraint === name || String(e.message).includes(name)) return true;
  }
  return false;
}

/** PostgreSQL broke a deadlock by failing this transaction (SQLSTATE 40P01): it may be run again. */
export const isDeadlock = (error: unknown): boolean => [...errorChain(error)].some((e) => e.code === '40P01');
