import { describe, expect, it, vi } from 'vitest';
import type { NotificationHandlers } from '../db/connection';
import { ALERTS_CHANNEL, alertNotice } from '../services/alerts';
import { SESSIONS_CHANNEL } from '../services/sessions';
import { createAlertFeed, type LiveStream } from './alert-feed';

function fakeListen() {
  const handlers = new Map<string, NotificationHandlers>();
  const stop = vi.fn(async () => {});
  const listen = vi.fn(async (channel: string, given: NotificationHandlers) => {
    handlers.set(channel, given);
    return stop;
  });
  return { listen, stop, handlers: (channel = ALERTS_CHANNEL) => handlers.get(channel) };
}

const streamOf = (userId: string) =>
  ({ userId, deliver: vi.fn(), resync: vi.fn(), recheck: vi.fn(), end: vi.fn() }) satisfies LiveStream;

const U1 = '00000000-0000-4000-8000-000000000001';
const U2 = '00000000-0000-4000-8000-000000000002';

describe('the alert feed', () => {
  it('hands a notice only to the streams of its user, and ignores a payload it cannot read', async () => {
    const db = fakeListen();
    const feed = createAlertFeed(db.listen);
    const mine = streamOf('u1');
    const theirs = streamOf('u2');
    feed.add(mine);
    feed.add(theirs);
    await feed.listening();
    db.handlers()?.notified(alertNotice('u1', 'a1'));
    db.handlers()?.notified('garbage');
    expect(mine.deliver).toHaveBeenCalledWith('a1');
    expect(theirs.deliver).not.toHaveBeenCalled();
  });

  it('listens once on each channel, however many streams open', async () => {
    const db = fakeListen();
    const feed = createAlertFeed(db.listen);
    await Promise.all([feed.listening(), feed.listening(), feed.listening()]);
    expect(db.listen.mock.calls.map(([channel]) => channel).sort()).toEqual([ALERTS_CHANNEL, SESSIONS_CHANNEL].sort());
  });

  it('tries to listen again after a failed attempt, and stops the channel that did listen', async () => {
    const stop = vi.fn(async () => {});
    const listen = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue(stop);
    const feed = createAlertFeed(listen);
    await expect(feed.listening()).rejects.toThrow('down');
    expect(stop).toHaveBeenCalledTimes(1);
    await feed.listening();
    expect(listen).toHaveBeenCalledTimes(4);
  });

  it("asks only the streams of the user whose sessions changed to check their token, and every stream after the sessions' LISTEN came back", async () => {
    const db = fakeListen();
    const feed = createAlertFeed(db.listen);
    const mine = [streamOf(U1), streamOf(U1)];
    const theirs = streamOf(U2);
    for (const stream of [...mine, theirs]) feed.add(stream);
    await feed.listening();
    db.handlers(SESSIONS_CHANNEL)?.notified(U1);
    db.handlers(SESSIONS_CHANNEL)?.notified('not-a-user');
    for (const stream of mine) expect(stream.recheck).toHaveBeenCalledTimes(1);
    expect(theirs.recheck).not.toHaveBeenCalled();
    expect(theirs.deliver).not.toHaveBeenCalled();
    db.handlers(SESSIONS_CHANNEL)?.reconnected?.();
    expect(theirs.recheck).toHaveBeenCalledTimes(1);
    expect(theirs.resync).not.toHaveBeenCalled();
  });

  it('refuses past the per-user cap and past the total cap, and counts a removed stream out', () => {
    const feed = createAlertFeed(fakeListen().listen, { perUser: 2, total: 3 });
    const first = streamOf('u1');
    expect(feed.add(first)).toBe('ok');
    expect(feed.add(streamOf('u1'))).toBe('ok');
    expect(feed.add(streamOf('u1'))).toBe('user-full');
    expect(feed.add(streamOf('u2'))).toBe('ok');
    expect(feed.add(streamOf('u3'))).toBe('full');
    feed.remove(first);
    feed.remove(first);
    expect(feed.add(streamOf('u3'))).toBe('ok');
    expect(feed.add(streamOf('u4'))).toBe('full');
  });

  it('asks every stream to catch up after the LISTEN connection came back', async () => {
    const db = fakeListen();
    const feed = createAlertFeed(db.listen);
    const streams = [streamOf('u1'), streamOf('u2')];
    for (const stream of streams) feed.add(stream);
    await feed.listening();
    db.handlers()?.reconnected?.();
    for (const stream of streams) expect(stream.resync).toHaveBeenCalledTimes(1);
  });

  it('on close, ends every stream, stops listening and takes no new stream', async () => {
    const db = fakeListen();
    const feed = createAlertFeed(db.listen);
    const stream = streamOf('u1');
    feed.add(stream);
    await feed.listening();
    await feed.close();
    expect(stream.end).toHaveBeenCalled();
    expect(db.stop).toHaveBeenCalledTimes(2);
    expect(feed.add(streamOf('u1'))).toBe('full');
  });
});
