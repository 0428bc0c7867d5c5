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
import { Column, getTableName, is, type Placeholder, SQL, Subquery, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './connection';
import type { Tx } from './transaction';

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
      statement = withCompiledMapper(prepare(db, variant ? `${name}:${variant}` : name, shape));
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

/** What drizzle's prepared queries take from their session: its client (the pg client or PGlite transaction) and logger. */
interface SessionParts {
  client: unknown;
  logger: unknown;
}

/**
 * A statement of a transaction, built once: `prepare(tx, name)` runs on the first transaction of
 * each driver, and every later transaction runs that same prepared query on its own connection
 * (drizzle's transaction is a session over one client; a prepared query keeps its SQL, its
 * result's fields and its client, and only the client changes). Building a transaction's
 * statements on every request was a tenth of placing an order's time (docs/benchmarks.md,
 * 29 November, afternoon). Named: node-postgres parses it once per connection. Values come through
 * sql.placeholder(...) and .execute({ ... }), as for `prepared`.
 */
export function transactionStatement<T extends object>(
  name: string,
  prepare: (tx: Tx, name: string) => T,
): (tx: Pick<Tx, 'insert'>) => T {
  if (names.has(name)) throw new Error(`Two prepared statement families are named "${name}".`);
  names.add(name);
  // by the session's class: a PGlite and a PostgreSQL database in one process (the tests) each have theirs
  const made = new Map<unknown, T>();
  return (writer) => {
    if (!is(writer, PgTransaction)) throw new Error(`The statement "${name}" runs inside a transaction only.`);
    const tx = writer as unknown as Tx;
    const session = sessionOf(tx);
    const kind = Object.getPrototypeOf(session) as unknown;
    let template = made.get(kind);
    if (!template) {
      template = withCompiledMapper(prepare(tx, name));
      if (!('client' in template)) throw new Error(`The statement "${name}" is not one of drizzle's prepared queries.`);
      made.set(kind, template);
    }
    const bound = Object.create(template) as T & SessionParts;
    bound.client = session.client;
    bound.logger = session.logger;
    return bound;
  };
}

/** The drizzle session of a transaction (not in drizzle's types: it is marked internal). */
function sessionOf(tx: Tx): SessionParts {
  const session = (tx as unknown as { session?: Partial<SessionParts> }).session;
  if (session?.client === undefined || session.logger === undefined)
    throw new Error('A drizzle transaction without a session client.');
  return session as SessionParts;
}

/** `{ column: sql.placeholder('column') }` for each of `columns`: the values of a statement built once. */
export function placeholdersOf<K extends string>(columns: readonly K[]): Record<K, Placeholder<K>> {
  return Object.fromEntries(columns.map((column) => [column, sql.placeholder(column)])) as Record<K, Placeholder<K>>;
}

/** What a drizzle prepared query keeps of its result's shape (not in its types: internal). */
interface MappedQuery {
  fields?: readonly { path: readonly string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/**
 * Gives a prepared query a row mapper compiled once from its fields: drizzle's own
 * (mapResultRow) works out every field's decoder and table on every row, a few percent of a
 * page's time under load and garbage besides (docs/benchmarks.md, 29 November, afternoon). The objects are
 * the same: the same paths, the same decoders, a left join's missing row as null.
 */
export function withCompiledMapper<T>(statement: T): T {
  const query = statement as MappedQuery;
  if (query.fields === undefined || query.customResultMapper !== undefined) return statement;
  query.customResultMapper = compileRowMapper(query.fields, query.joinsNotNullableMap);
  return statement;
}

/** drizzle's mapResultRow (drizzle-orm/utils.js) for one list of fields, its per-field work done once. */
export function compileRowMapper(
  fields: readonly { path: readonly string[]; field: unknown }[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): (rows: unknown[][]) => Record<string, unknown>[] {
  const columns = fields.map(({ path, field }) => {
    // an SQL's decoder is internal in drizzle's types
    const decoderOf = (expression: unknown) => (expression as { decoder: Decoder }).decoder;
    const decoder: Decoder = is(field, Column)
      ? field
      : is(field, SQL)
        ? decoderOf(field)
        : is(field, Subquery)
          ? decoderOf((field as unknown as { _: { sql: SQL } })._.sql)
          : decoderOf((field as SQL.Aliased).sql);
    const last = path.at(-1);
    if (last === undefined) throw new Error('A selected field without a name.');
    return {
      parents: path.slice(0, -1),
      last,
      decoder,
      // a column of a joined table: its object is null when the join found no row
      table: joinsNotNullableMap && is(field, Column) && path.length === 2 ? getTableName(field.table) : undefined,
    };
  });
  const mapRow = (row: unknown[]): Record<string, unknown> => {
    const result: Record<string, unknown> = {};
    let nullify: Record<string, string | false> | undefined;
    for (let i = 0; i < columns.length; i++) {
      const column = columns[i] as (typeof columns)[number];
      let node = result;
      for (const chunk of column.parents) {
        if (!(chunk in node)) node[chunk] = {};
        node = node[chunk] as Record<string, unknown>;
      }
      const raw = row[i];
      const value = raw === null ? null : column.decoder.mapFromDriverValue(raw);
      node[column.last] = value;
      if (column.table !== undefined) {
        const name = column.parents[0] as string;
        nullify ??= {};
        if (!(name in nullify)) nullify[name] = value === null ? column.table : false;
        else if (typeof nullify[name] === 'string' && nullify[name] !== column.table) nullify[name] = false;
      }
    }
    if (nullify && joinsNotNullableMap) {
      for (const name in nullify) {
        const table = nullify[name];
        if (typeof table === 'string' && !joinsNotNullableMap[table]) result[name] = null;
      }
    }
    return result;
  };
  return (rows) => rows.map(mapRow);
}
