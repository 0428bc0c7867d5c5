/**
 * Prepared statements for the queries every request runs: drizzle builds their SQL once instead
 * of on every call (rebuilding the order join was a quarter of the API's CPU under load), and
 * node-postgres parses each named statement once per connection. Values come in through
 * sql.placeholder(...) and .execute({ ... }).
 *
 * A prepared statement belongs to the database it was made on (a PGlite client or a pg Pool),
 * so each is made on first use for each db (the app's, a test's), never at module load. It
 * always runs on that db, outside any transaction: a query inside db.transaction is built on
 * its tx as usual (on PGlite, one run on the db would even wait for the transaction to end).
 */
import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './connection';

const names = new Set<string>();

/**
 * A family of statements whose SQL depends on a shape (which filters a list has, say):
 * `prepare(db, name, shape)` runs once per db and variant, `variantOf(shape)`. Shapes of one
 * variant must give the same SQL text (pg refuses one statement name for two texts on a
 * connection); the statement is named `<name>:<variant>`.
 */
export function preparedVariants<S, T>(
  name: string,
  variantOf: (shape: S) => string,
  prepare: (db: Db, name: string, shape: S) => T,
): (db: Db, shape: S) => T {
  if (names.has(name)) throw new Error(`Two prepared statement families are named "${name}".`);
  names.add(name);
  const byDb = new WeakMap<Db, Map<string, T>>();
  return (db, shape) => {
    if (is(db, PgTransaction)) throw new Error(`The prepared statement "${name}" cannot run inside a transaction.`);
    let statements = byDb.get(db);
    if (!statements) {
      statements = new Map();
      byDb.set(db, statements);
    }
    const variant = variantOf(shape);
    let statement = statements.get(variant);
    if (!statement) {
      statement = prepare(db, variant ? `${name}:${variant}` : name, shape);
      statements.set(variant, statement);
    }
    return statement;
  };
}

/**
 * The variant of a list's shape, for preparedVariants: a string as it is, a list joined by
 * commas ('none' when empty), a flag by its name when set; e.g. 'agent:agentStatus'.
 */
export function shapeVariant(shape: Readonly<Record<string, string | boolean | readonly string[]>>): string {
  return Object.entries(shape)
    .map(([key, value]) => {
      if (typeof value === 'boolean') return value ? key : '';
      return typeof value === 'string' ? value : value.join(',') || 'none';
    })
    .filter(Boolean)
    .join(':');
}

/** One prepared statement per db: `prepare(db, name)` runs once for each db. */
export function prepared<T>(name: string, prepare: (db: Db, name: string) => T): (db: Db) => T {
  const statement = preparedVariants<undefined, T>(
    name,
    () => '',
    (db, statementName) => prepare(db, statementName),
  );
  return (db) => statement(db, undefined);
}
