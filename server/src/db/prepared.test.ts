import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, createUser, type TestDatabase } from '../test/helpers';
import { prepared, preparedVariants, shapeVariant } from './prepared';
import { users } from './schema';

describe('prepared statements', () => {
  let first: TestDatabase;
  let second: TestDatabase;
  beforeAll(async () => {
    [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  });
  afterAll(() => Promise.all([first.close(), second.close()]));

  const made: string[] = [];
  const emailById = preparedVariants(
    'test_email_by_id',
    (shape: { lower: boolean }) => (shape.lower ? 'lower' : ''),
    (db, name, shape) => {
      made.push(name);
      return db
        .select({ email: shape.lower ? sql<string>`lower(${users.email})` : users.email })
        .from(users)
        .where(eq(users.id, sql.placeholder('id')))
        .prepare(name);
    },
  );

  it('makes a statement once per database and variant, and runs it on that database', async () => {
    const { user } = await createUser(first.db, { email: 'Prepared@Example.com' });
    expect(await emailById(first.db, { lower: false }).execute({ id: user.id })).toEqual([
      { email: 'Prepared@Example.com' },
    ]);
    expect(await emailById(first.db, { lower: true }).execute({ id: user.id })).toEqual([
      { email: 'prepared@example.com' },
    ]);
    expect(await emailById(first.db, { lower: false }).execute({ id: user.id })).toHaveLength(1);
    expect(await emailById(second.db, { lower: false }).execute({ id: user.id })).toEqual([]);
    expect(made).toEqual(['test_email_by_id', 'test_email_by_id:lower', 'test_email_by_id']);
  });

  it('refuses to run inside a transaction, where it would run outside it', async () => {
    const count = prepared('test_user_count', (db, name) => db.select({ id: users.id }).from(users).prepare(name));
    await expect(first.db.transaction(async (tx) => count(tx).execute())).rejects.toThrow(/inside a transaction/);
  });

  it('names a variant by the values and set flags of its shape', () => {
    expect(shapeVariant({ role: 'agent', agentStatus: true, comissionStatus: false, agentId: true })).toBe(
      'agent:agentStatus:agentId',
    );
    expect(shapeVariant({ statuses: ['approved', 'pending'], vendor: false })).toBe('approved,pending');
    expect(shapeVariant({ statuses: [], keyword: true })).toBe('none:keyword');
  });

  it('refuses a second family of the same name', () => {
    expect(() => prepared('test_email_by_id', (db, name) => db.select().from(users).prepare(name))).toThrow(
      /Two prepared statement families/,
    );
  });
});
