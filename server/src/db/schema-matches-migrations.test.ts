/**
 * The migrations (server/drizzle/*.sql, written by hand) and schema.ts (what drizzle's queries
 * are typed and built from) describe one database. This test builds schema.ts's tables in a
 * schema of their own, `expected`, from drizzle's own description of them (getTableConfig), in
 * the freshly migrated test database, and compares PostgreSQL's catalogue of `public` with that
 * of `expected`: tables, columns (type, nullability, default, identity), primary keys, indexes
 * and unique constraints, checks and foreign keys. PostgreSQL prints both sides, so spelling
 * does not matter, only meaning. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 *
 * Triggers and functions are SQL only (drizzle cannot declare them) and are outside the
 * comparison; their own tests guard them (constraints.test.ts, order-counts.test.ts,
 * paid-orders-closed.test.ts, order-events.test.ts, payouts.test.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { is, SQL, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, PgDialect, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/helpers';
import { MIGRATIONS_FOLDER } from './connection';
import * as schema from './schema';

const EXPECTED = 'expected';

const dialect = new PgDialect();
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
/** An expression of schema.ts as SQL text: bare column names (as in an index), values inlined. */
const expression = (value: SQL) => dialect.sqlToQuery(sql`${value}`.inlineParams(), 'indexes').sql;

function defaultOf(column: PgColumn): string | undefined {
  if (!column.hasDefault || column.default === undefined) return undefined;
  const value: unknown = column.default;
  if (is(value, SQL)) return expression(value);
  if (typeof value === 'string') return literal(value);
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  return literal(JSON.stringify(value));
}

const TABLES: PgTable[] = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
  is(value, PgTable),
);

/** The DDL of schema.ts's tables in the schema `expected`: what drizzle declares, as PostgreSQL would hold it. */
function expectedSchemaDdl(): string[] {
  const tables: string[] = [];
  const later: string[] = [];
  for (const table of TABLES) {
    const config = getTableConfig(table);
    const name = `${EXPECTED}.${ident(config.name)}`;
    const parts: string[] = [];
    for (const column of config.columns) {
      let definition = `${ident(column.name)} ${column.getSQLType()}`;
      if (column.notNull) definition += ' not null';
      const fallback = defaultOf(column);
      if (fallback !== undefined) definition += ` default ${fallback}`;
      if (column.generatedIdentity) {
        definition += ` generated ${column.generatedIdentity.type === 'always' ? 'always' : 'by default'} as identity`;
      }
      if (column.primary) definition += ' primary key';
      if (column.isUnique) definition += ` constraint ${ident(column.uniqueName ?? '')} unique`;
      parts.push(definition);
    }
    for (const pk of config.primaryKeys) {
      parts.push(`constraint ${ident(pk.getName())} primary key (${pk.columns.map((c) => ident(c.name)).join(', ')})`);
    }
    for (const unique of config.uniqueConstraints) {
      parts.push(
        `constraint ${ident(unique.getName() ?? '')} unique (${unique.columns.map((c) => ident(c.name)).join(', ')})`,
      );
    }
    for (const check of config.checks) parts.push(`constraint ${ident(check.name)} check (${expression(check.value)})`);
    tables.push(`create table ${name} (${parts.join(', ')})`);

    for (const fk of config.foreignKeys) {
      const { columns, foreignColumns } = fk.reference();
      const foreignTable = foreignColumns[0] ? getTableConfig(foreignColumns[0].table).name : '';
      later.push(
        `alter table ${name} add constraint ${ident(fk.getName())} foreign key (${columns.map((c) => ident(c.name)).join(', ')}) references ${EXPECTED}.${ident(foreignTable)} (${foreignColumns.map((c) => ident(c.name)).join(', ')}) on delete ${fk.onDelete ?? 'no action'} on update ${fk.onUpdate ?? 'no action'}`,
      );
    }
    for (const index of config.indexes) {
      const { name: indexName, columns, unique, method, where, with: storage } = index.config;
      const keys = columns.map((key) => {
        if (is(key, SQL)) return expression(key); // as drizzle-kit writes it: the SQL says where its parentheses go
        const column = key as { name: string; indexConfig?: { order?: string; nulls?: string; opClass?: string } };
        const { order = 'asc', nulls = 'last', opClass } = column.indexConfig ?? {};
        // as drizzle-kit writes a key: an operator class alone, or the order and the nulls' place
        if (opClass) return `${ident(column.name)} ${opClass}`;
        return `${ident(column.name)}${order === 'desc' ? ' desc' : ''}${order === 'asc' && nulls === 'last' ? '' : ` nulls ${nulls}`}`;
      });
      const withClause = storage
        ? ` with (${Object.entries(storage)
            // a boolean as PostgreSQL keeps it when the migration says on/off
            .map(([key, value]) => `${key} = ${typeof value === 'boolean' ? (value ? 'on' : 'off') : String(value)}`)
            .join(', ')})`
        : '';
      later.push(
        `create ${unique ? 'unique ' : ''}index ${ident(indexName ?? '')} on ${name} using ${method ?? 'btree'} (${keys.join(', ')})${withClause}${where ? ` where ${expression(where)}` : ''}`,
      );
    }
  }
  return [`create schema ${EXPECTED}`, ...tables, ...later];
}

interface TableShape {
  columns: Record<string, { type: string; notNull: boolean; default: string | null; identity: string }>;
  /** index name -> definition (pg_get_indexdef, the schema's name taken out); primary keys are under constraints */
  indexes: Record<string, string>;
  /** primary key, uniques, checks and foreign keys: name -> definition */
  constraints: Record<string, string>;
}

/**
 * PostgreSQL's own account of one schema's tables. Constraints are keyed by name: where schema.ts
 * names none, drizzle's own name (`<table>_<columns>_<table>_<columns>_fk`, `<table>_<columns>_pk`)
 * is what the migrations wrote, and a single column's primary key is PostgreSQL's `<table>_pkey`.
 */
async function describeSchema(db: TestDatabase['db'], namespace: string): Promise<Record<string, TableShape>> {
  const shapes: Record<string, TableShape> = {};
  const shape = (table: string) => {
    shapes[table] ??= { columns: {}, indexes: {}, constraints: {} };
    return shapes[table];
  };
  await db.transaction(async (tx) => {
    // constraint definitions name other tables without their schema when it is on the path
    await tx.execute(sql.raw(`set local search_path to ${ident(namespace)}, public`));
    const run = async <T>(query: SQL) => (await tx.execute(query)) as unknown as { rows: T[] };
    const columns = await run<{
      table: string;
      column: string;
      type: string;
      not_null: boolean;
      default: string | null;
      identity: string;
    }>(sql`
      select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type,
             a.attnotnull as not_null, pg_get_expr(d.adbin, d.adrelid) as default, a.attidentity::text as identity
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid
        join pg_namespace n on n.oid = c.relnamespace
        left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
       where n.nspname = ${namespace} and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped`);
    for (const c of columns.rows) {
      shape(c.table).columns[c.column] = {
        type: c.type,
        notNull: c.not_null,
        default: c.default,
        identity: c.identity,
      };
    }
    const indexes = await run<{ table: string; name: string; definition: string }>(sql`
      select t.relname as table, i.relname as name, pg_get_indexdef(x.indexrelid) as definition
        from pg_index x
        join pg_class i on i.oid = x.indexrelid
        join pg_class t on t.oid = x.indrelid
        join pg_namespace n on n.oid = t.relnamespace
       where n.nspname = ${namespace} and not x.indisprimary`);
    for (const i of indexes.rows) {
      shape(i.table).indexes[i.name] = i.definition
        .replace(` ON ${namespace}.`, ' ON ')
        .replace(` ON ONLY ${namespace}.`, ' ON ONLY ');
    }
    const constraints = await run<{ table: string; name: string; kind: string; definition: string }>(sql`
      select t.relname as table, k.conname as name, k.contype::text as kind, pg_get_constraintdef(k.oid) as definition
        from pg_constraint k
        join pg_class t on t.oid = k.conrelid
        join pg_namespace n on n.oid = t.relnamespace
       where n.nspname = ${namespace} and k.contype in ('p', 'u', 'c', 'f')`);
    for (const k of constraints.rows) {
      shape(k.table).constraints[k.name] = k.definition;
    }
  });
  return shapes;
}

describe('the migrated database and schema.ts', () => {
  let t: TestDatabase;
  let migrated: Record<string, TableShape>;
  let declared: Record<string, TableShape>;

  beforeAll(async () => {
    t = await createTestDatabase();
    await t.db.transaction(async (tx) => {
      for (const statement of expectedSchemaDdl()) await tx.execute(sql.raw(statement));
    });
    migrated = await describeSchema(t.db, 'public');
    declared = await describeSchema(t.db, EXPECTED);
  });
  afterAll(() => t?.close());

  it('have the same tables', () => {
    expect(Object.keys(migrated).sort()).toEqual(Object.keys(declared).sort());
  });

  it.each(TABLES.map((table) => getTableConfig(table).name))('agree on the columns of %s', (table) => {
    expect(migrated[table]?.columns).toEqual(declared[table]?.columns);
  });

  it.each(TABLES.map((table) => getTableConfig(table).name))('agree on the indexes of %s', (table) => {
    expect(migrated[table]?.indexes).toEqual(declared[table]?.indexes);
  });

  it.each(TABLES.map((table) => getTableConfig(table).name))(
    'agree on the keys, checks and foreign keys of %s',
    (table) => {
      expect(migrated[table]?.constraints).toEqual(declared[table]?.constraints);
    },
  );
});

describe('the migrations journal', () => {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ idx: number; when: number; tag: string }>;
  };

  it('names every SQL file of the folder, and nothing else', () => {
    const files = fs.readdirSync(MIGRATIONS_FOLDER).filter((name) => name.endsWith('.sql'));
    expect(journal.entries.map((entry) => `${entry.tag}.sql`).sort()).toEqual(files.sort());
  });

  it('lists them in the order of their numbers, each later than the one before', () => {
    // drizzle's migrator skips, without a word, an entry whose `when` is not after the last one applied
    const entries = journal.entries;
    for (const [i, entry] of entries.entries()) {
      expect(entry.tag.startsWith(String(entry.idx).padStart(4, '0'))).toBe(true);
      const previous = entries[i - 1];
      if (previous) {
        expect(entry.idx).toBeGreaterThan(previous.idx);
        expect(entry.when).toBeGreaterThan(previous.when);
      }
    }
  });
});
