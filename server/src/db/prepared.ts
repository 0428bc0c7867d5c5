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
import { createHash } from 'node:crypto';
import { Column, getTableName, is, type Placeholder, SQL, Subquery, sql } from 'drizzle-orm';
import { PgArray, PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './connection';
import type { Tx } from './transaction';

const names = new Set<string>();

/**
 * A family of statements whose SQL depends on a shape (which filters a list has, say):
 * `prepare(db, name, shape)` runs once per db and variant, `variantOf(shape)`. Shapes of one
 * variant must give the same SQL text (pg refuses one statement name for two texts on a
 * connection); the statement is named `<name>:<variant>` (statementNameOf).
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
      statement = withCompiledMapper(prepare(db, statementNameOf(name, variant), shape));
      statements.set(variant, statement);
    }
    return statement;
  };
}

/** PostgreSQL keeps the first 63 bytes of a statement's name (NAMEDATALEN - 1). */
const MAX_STATEMENT_NAME_BYTES = 63;

/**
 * A variant's statement name: `<family>:<variant>`, or, when that is longer than PostgreSQL keeps,
 * `<family>:<a hash of the variant>`. Two variants cut to the same 63 bytes were one statement to
 * PostgreSQL and two to node-postgres: the second one's Parse failed on a connection that had
 * parsed the first (42P05, "already exists"), as an admin's list with every filter set could.
 */
export function statementNameOf(family: string, variant: string): string {
  if (!variant) return family;
  const name = `${family}:${variant}`;
  if (Buffer.byteLength(name) <= MAX_STATEMENT_NAME_BYTES) return name;
  return `${family}:${createHash('sha256').update(variant).digest('hex').slice(0, 24)}`;
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

/**
 * A LIMIT written into a statement's text, where drizzle would send a number as a value: for a
 * named statement PostgreSQL plans once for every run, which reads the LIMIT only from the text
 * (orders.ts, firstPageRows). `rows` comes from the server's own list, never a client's text.
 */
export function limitInText(rows: number): Placeholder {
  if (!Number.isSafeInteger(rows) || rows < 1) throw new Error(`limitInText: ${rows} is not a number of rows`);
  // drizzle's limit() is typed for a number or a placeholder; its builder writes an SQL object as it is
  return sql.raw(String(rows)) as unknown as Placeholder;
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

/**
 * drizzle's mapResultRow (drizzle-orm/utils.js) for one list of fields, its per-field work done
 * once: the row's object is written as one object literal by a function generated for these
 * fields (property names quoted by JSON.stringify; no value reaches the code), so every row has
 * the same shape and no per-row lookups. A value whose decoder changes nothing (drizzle's
 * Column's own: text, uuid, boolean) is taken as the driver gave it; an array of such values too
 * (drizzle copied it element by element).
 */
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
      path,
      decoder,
      // a column of a joined table: its object is null when the join found no row
      table: joinsNotNullableMap && is(field, Column) && path.length === 2 ? getTableName(field.table) : undefined,
    };
  });

  // each value decoded once, into a local of its own
  const decoders: Decoder[] = [];
  const lines = columns.map(({ decoder }, i) => {
    const raw = `row[${i}]`;
    if (passesThrough(decoder)) return `const v${i} = ${raw};`;
    decoders[i] = decoder;
    if (is(decoder, PgArray) && passesThrough(decoder.baseColumn)) {
      // the driver's array as it is; a text form (PGlite may give one) decoded by drizzle
      return `const v${i} = ${raw} === null || Array.isArray(${raw}) ? ${raw} : d[${i}].mapFromDriverValue(${raw});`;
    }
    return `const v${i} = ${raw} === null ? null : d[${i}].mapFromDriverValue(${raw});`;
  });

  // the object's tree, in the order drizzle writes its keys (first use)
  type Tree = Map<string, Tree | number>;
  const root: Tree = new Map();
  columns.forEach(({ path }, i) => {
    let node = root;
    path.forEach((chunk, depth) => {
      if (depth === path.length - 1) {
        node.set(chunk, i);
        return;
      }
      let child = node.get(chunk);
      if (!(child instanceof Map)) {
        child = new Map();
        node.set(chunk, child);
      }
      node = child;
    });
  });

  // drizzle's rule for a joined table's object: null when its first column of a table is null, the
  // table's join may find no row, and no column of another table shares the object
  const nullWhen = new Map<string, string>();
  if (joinsNotNullableMap) {
    const firstOf = new Map<string, { index: number; table: string } | false>();
    columns.forEach(({ path, table }, i) => {
      if (table === undefined) return;
      const name = path[0] as string;
      const first = firstOf.get(name);
      if (first === undefined) firstOf.set(name, { index: i, table });
      else if (first !== false && first.table !== table) firstOf.set(name, false);
    });
    for (const [name, first] of firstOf) {
      if (first && !joinsNotNullableMap[first.table]) nullWhen.set(name, `v${first.index} === null`);
    }
  }

  const literal = (tree: Tree, top: boolean): string => {
    const entries = [...tree].map(([key, value]) => {
      const written = typeof value === 'number' ? `v${value}` : literal(value, false);
      const nullable = top ? nullWhen.get(key) : undefined;
      return `${JSON.stringify(key)}: ${nullable ? `${nullable} ? null : ${written}` : written}`;
    });
    return `{ ${entries.join(', ')} }`;
  };

  const body = `return (row) => {\n${lines.join('\n')}\nreturn ${literal(root, true)};\n};`;
  const mapRow = new Function('d', body)(decoders) as (row: unknown[]) => Record<string, unknown>;
  return (rows) => rows.map(mapRow);
}

const identity = Column.prototype.mapFromDriverValue;

/** A decoder that gives back what it is given (drizzle's Column's own). */
const passesThrough = (decoder: Decoder) => decoder.mapFromDriverValue === identity;
