/**
 * The live streams of new alerts this process holds, by user, and the LISTENs that feed them
 * (docs/architecture.md, Live alerts). Whichever process writes an alert, createAlert's NOTIFY
 * reaches every process; each hands it to its own streams of that user. Whichever process
 * revokes a token, its NOTIFY on the sessions channel has each process check its streams of
 * that user again (../services/sessions.ts).
 */
import type { NotificationHandlers } from '../db/connection';
import { ALERTS_CHANNEL, parseAlertNotice } from '../services/alerts';
import { parseSessionsNotice, SESSIONS_CHANNEL } from '../services/sessions';

export interface LiveStream {
  readonly userId: string;
  /** an alert of its user was written */
  deliver(alertId: string): void;
  /** notifications may have been missed (the LISTEN connection was lost): catch up */
  resync(): void;
  /** its user's sessions changed (or word of it may have been missed): check its token still holds, else end */
  recheck(): void;
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
  /** Takes the stream off, freeing its place at once (idempotent). */
  remove(stream: LiveStream): void;
  /** Starts the LISTENs on the first call (again after a failed one); resolves once both listen. */
  listening(): Promise<void>;
  /** Ends every stream and stops listening. */
  close(): Promise<void>;
}

export function createAlertFeed(listen: Listen, limits: StreamLimits = DEFAULT_STREAM_LIMITS): AlertFeed {
  const byUser = new Map<string, Set<LiveStream>>();
  let total = 0;
  let started: Promise<() => Promise<void>> | undefined;
  let closed = false;

  const eachStream = (use: (stream: LiveStream) => void) => {
    for (const streams of [...byUser.values()]) for (const stream of [...streams]) use(stream);
  };
  const alertHandlers: NotificationHandlers = {
    notified(payload) {
      const notice = parseAlertNotice(payload);
      if (!notice) return;
      for (const stream of byUser.get(notice.userId) ?? []) stream.deliver(notice.alertId);
    },
    reconnected: () => eachStream((stream) => stream.resync()),
  };
  const sessionHandlers: NotificationHandlers = {
    notified(payload) {
      const userId = parseSessionsNotice(payload);
      if (!userId) return;
      for (const stream of [...(byUser.get(userId) ?? [])]) stream.recheck();
    },
    // a revocation may have been missed: every stream checks its token
    reconnected: () => eachStream((stream) => stream.recheck()),
  };
  const listenBoth = async () => {
    const stops = await Promise.allSettled([
      listen(ALERTS_CHANNEL, alertHandlers),
      listen(SESSIONS_CHANNEL, sessionHandlers),
    ]);
    const stopAll = async () => {
      for (const stop of stops) if (stop.status === 'fulfilled') await stop.value();
    };
    const failed = stops.find((stop) => stop.status === 'rejected');
    if (failed) {
      await stopAll().catch(() => {});
      throw failed.reason;
    }
    return stopAll;
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
      started ??= listenBoth();
      try {
        await started;
      } catch (error) {
        started = undefined;
        throw error;
      }
    },
    async close() {
      closed = true;
      eachStream((stream) => stream.end());
      byUser.clear();
      total = 0;
      const stop = await started?.catch(() => undefined);
      started = undefined;
      await stop?.();
    },
  };
}
