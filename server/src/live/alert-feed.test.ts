import { describe, expect, it, vi } from 'vitest';
import type { NotificationHandlers } from '../db/connection';
import { alertNotice } from '../services/alerts';
import { createAlertFeed, type LiveStream } from './alert-feed';

function fakeListen() {
  let handlers: NotificationHandlers | undefined;
  const stop = vi.fn(async () => {});
  const listen = vi.fn(async (_channel: string, given: NotificationHandlers) => {
    handlers = given;
    return stop;
  });
  return { listen, stop, handlers: () => handlers };
}

const streamOf = (userId: string) => ({ userId, deliver: vi.fn(), resync: vi.fn(), end: vi.fn() }) satisfies LiveStream;

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

  it('listens once, however many streams open', async () => {
    const db = fakeListen();
    const feed = createAlertFeed(db.listen);
    await Promise.all([feed.listening(), feed.listening(), feed.listening()]);
    expect(db.listen).toHaveBeenCalledTimes(1);
  });

  it('tries to listen again after a failed attempt', async () => {
    const listen = vi
      .fn()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValue(async () => {});
    const feed = createAlertFeed(listen);
    await expect(feed.listening()).rejects.toThrow('down');
    await feed.listening();
    expect(listen).toHaveBeenCalledTimes(2);
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
    expect(db.stop).toHaveBeenCalled();
    expect(feed.add(streamOf('u1'))).toBe('full');
  });
});
