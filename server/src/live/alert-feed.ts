/**
 * The live streams of new alerts this process holds, by user, and the one LISTEN that feeds
 * them (docs/architecture.md, Live alerts). Whichever process writes an alert, createAlert's
 * NOTIFY reaches every process; each hands it to its own streams of that user.
 */
import type { NotificationHandlers } from '../db/connection';
import { ALERTS_CHANNEL, parseAlertNotice } from '../services/alerts';

export interface LiveStream {
  readonly userId: string;
  /** an alert of its user was written */
  deliver(alertId: string): void;
  /** notifications may have been missed (the LISTEN connection was lost): catch up */
  resync(): void;
  /** the server is closing */
  end(): void;
}

export interface StreamLimits {
  /** per user (each tab or window of the app holds one) */
  perUser: number;
  /** in this process: each holds a socket */
  total: number;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = { perUser: 5, total: 1_000 };

export type Listen = (channel: string, handlers: NotificationHandlers) => Promise<() => Promise<void>>;

export interface AlertFeed {
  /** 'ok', or which limit refuses the stream */
  add(stream: LiveStream): 'ok' | 'user-full' | 'full';
  remove(stream: LiveStream): void;
  /** Starts the LISTEN on the first call (again after a failed one); resolves once it listens. */
  listening(): Promise<void>;
  /** Ends every stream and stops listening. */
  close(): Promise<void>;
}

export function createAlertFeed(listen: Listen, limits: StreamLimits = DEFAULT_STREAM_LIMITS): AlertFeed {
  const byUser = new Map<string, Set<LiveStream>>();
  let total = 0;
  let started: Promise<() => Promise<void>> | undefined;
  let closed = false;

  const handlers: NotificationHandlers = {
    notified(payload) {
      const notice = parseAlertNotice(payload);
      if (!notice) return;
      for (const stream of byUser.get(notice.userId) ?? []) stream.deliver(notice.alertId);
    },
    reconnected() {
      for (const streams of byUser.values()) for (const stream of streams) stream.resync();
    },
  };

  return {
    add(stream) {
      const streams = byUser.get(stream.userId) ?? new Set();
      if (streams.size >= limits.perUser) return 'user-full';
      if (total >= limits.total || closed) return 'full';
      streams.add(stream);
      byUser.set(stream.userId, streams);
      total += 1;
      return 'ok';
    },
    remove(stream) {
      const streams = byUser.get(stream.userId);
      if (!streams?.delete(stream)) return;
      total -= 1;
      if (streams.size === 0) byUser.delete(stream.userId);
    },
    async listening() {
      started ??= listen(ALERTS_CHANNEL, handlers);
      try {
        await started;
      } catch (error) {
        started = undefined;
        throw error;
      }
    },
    async close() {
      closed = true;
      for (const streams of [...byUser.values()]) for (const stream of [...streams]) stream.end();
      byUser.clear();
      total = 0;
      const stop = await started?.catch(() => undefined);
      started = undefined;
      await stop?.();
    },
  };
}
