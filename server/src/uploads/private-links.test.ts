import { describe, expect, it } from 'vitest';
import { createPrivateLinks, PRIVATE_LINK_STEP_SECONDS, PRIVATE_LINK_TTL_SECONDS } from './private-links';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const KEY = `${'a'.repeat(32)}.png`;

function partsOf(url: string): { expires: string; sig: string } {
  const query = new URL(url).searchParams;
  return { expires: query.get('expires') ?? '', sig: query.get('sig') ?? '' };
}

describe('createPrivateLinks', () => {
  it('dates a link from the start of its minute: the same link all minute, valid 9 to 10 minutes', () => {
    let now = Date.UTC(2026, 10, 29, 12, 0, 5) / 1000;
    const links = createPrivateLinks(SECRET, { now: () => now * 1000 });
    const first = links.url('https://api.example.test', KEY);
    now += 50;
    expect(links.url('https://api.example.test', KEY)).toBe(first);
    const { expires, sig } = partsOf(first);
    expect(Number(expires)).toBe(Date.UTC(2026, 10, 29, 12, 0, 0) / 1000 + PRIVATE_LINK_TTL_SECONDS);
    expect(links.check(KEY, expires, sig)).toBe('valid');

    now += PRIVATE_LINK_STEP_SECONDS;
    const next = links.url('https://api.example.test', KEY);
    expect(partsOf(next).expires).toBe(String(Number(expires) + PRIVATE_LINK_STEP_SECONDS));
    expect(next).not.toBe(first);
    expect(links.check(KEY, partsOf(next).expires, partsOf(next).sig)).toBe('valid');
  });

  it('signs each key for itself: a remembered signature never answers for another key', () => {
    const links = createPrivateLinks(SECRET);
    const other = `${'b'.repeat(32)}.png`;
    const a = partsOf(links.url('https://api.example.test', KEY));
    const b = partsOf(links.url('https://api.example.test', other));
    expect(a.expires).toBe(b.expires);
    expect(a.sig).not.toBe(b.sig);
    expect(links.check(other, a.expires, a.sig)).toBe('invalid');
    expect(links.check(KEY, a.expires, a.sig)).toBe('valid');
  });

  it('a link made ten minutes ago at the latest has expired', () => {
    const now = Date.now();
    const old = createPrivateLinks(SECRET, { now: () => now - PRIVATE_LINK_TTL_SECONDS * 1000 - 1000 });
    const { expires, sig } = partsOf(old.url('https://api.example.test', KEY));
    expect(createPrivateLinks(SECRET, { now: () => now }).check(KEY, expires, sig)).toBe('expired');
  });
});
