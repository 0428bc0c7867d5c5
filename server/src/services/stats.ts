/**
 * Orders per day for the dashboards' chart: the last 30 days (UTC), oldest first, today last,
 * days without orders as 0; counted within what the caller may see (agent: its own orders;
 * manager: orders of its products; admin: all).
 */
import { and, count, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { OrderStats, Role } from 'shared-api/contract';
import type { Db } from '../db/connection';
import { orders, products } from '../db/schema';

export const STATS_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** 'YYYY-MM-DD' of a UTC day. */
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

export async function ordersPerDay(db: Db, caller: { id: string; role: Role }, now = new Date()): Promise<OrderStats> {
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = new Date(todayStart - (STATS_DAYS - 1) * DAY_MS);
  const until = new Date(todayStart + DAY_MS);

  const day = sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const conditions: SQL[] = [gte(orders.createdAt, from), lt(orders.createdAt, until)];
  if (caller.role === 'agent') conditions.push(eq(orders.agentId, caller.id));
  if (caller.role === 'manager') conditions.push(eq(products.vendorId, caller.id));

  const rows = await db
    .select({ day, orders: count().mapWith(Number) })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(and(...conditions))
    .groupBy(day);

  const byDay = new Map(rows.map((row) => [row.day, row.orders]));
  return Array.from({ length: STATS_DAYS }, (_, i) => {
    const date = utcDay(new Date(from.getTime() + i * DAY_MS));
    return { date, count: byDay.get(date) ?? 0 };
  });
}
