import { describe, expect, it } from 'vitest';
import {
  extraBytesPercent,
  networkConditions,
  offline,
  PHONE,
  PHONE_BUDGETS,
  patchBytes,
  phoneRows,
} from './phone-report.mjs';

/** @returns {import('./phone-report.mjs').PhoneResult} */
const result = (fields = {}) => ({
  runs: 3,
  orders: 10000,
  lcp: { runsMs: [1400, 1500, 1600], medianMs: 1500, load: 0.5 },
  signIn: { runsMs: [2400, 2600, 2700], medianMs: 2600, load: 0.7 },
  ordersPage: {
    runsMs: [900, 1000, 1100],
    medianMs: 1000,
    firstVisitMs: [2100, 2200, 2300],
    serviceWorker: true,
    load: 0.6,
  },
  upload: {
    imageBytes: 2_100_000,
    unbroken: { bytes: 2_100_000, ms: 23_000 },
    resumed: [
      { bytes: 2_100_000 + 262_144, ms: 31_000, cutOff: 1 },
      { bytes: 2_100_000, ms: 30_000, cutOff: 1 },
      { bytes: 2_100_000 + 4096, ms: 30_500, cutOff: 1 },
    ],
    load: 0.9,
  },
  ...fields,
});

describe('the phone profile', () => {
  it('gives CDP the throughputs in bytes a second: 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trips', () => {
    expect(networkConditions(PHONE)).toEqual({
      offline: false,
      latency: 150,
      downloadThroughput: 200_000,
      uploadThroughput: 93_750,
    });
    expect(offline(PHONE)).toEqual({ ...networkConditions(PHONE), offline: true });
  });
});

describe('the bytes of a resumed upload', () => {
  it('says how many more bytes than the unbroken upload, in % of its bytes', () => {
    expect(extraBytesPercent(2_200_000, 2_000_000)).toBeCloseTo(10);
    expect(extraBytesPercent(2_000_000, 2_000_000)).toBe(0);
    expect(() => extraBytesPercent(100, 0)).toThrow(/unbroken upload sent 0 bytes/);
  });

  it("adds up the upload's PATCH bodies, those cut off too, and nothing else", () => {
    const counted = patchBytes(
      [
        { method: 'POST', path: '/api/uploads/resumable', bytes: 0, complete: true },
        { method: 'PATCH', path: '/api/uploads/resumable/abc', bytes: 262_144, complete: true },
        { method: 'PATCH', path: '/api/uploads/resumable/abc', bytes: 100_000, complete: false },
        { method: 'HEAD', path: '/api/uploads/resumable/abc', bytes: 0, complete: true },
        { method: 'PATCH', path: '/api/uploads/resumable/abc', bytes: 162_144, complete: true },
        { method: 'PATCH', path: '/api/orders/agent/1', bytes: 500, complete: true },
      ],
      '/api/uploads/resumable',
    );
    expect(counted).toEqual({ bytes: 524_288, patches: 3, cutOff: 1 });
  });
});

describe("the phone section's rows", () => {
  it('gives each figure beside its budget, the median of the runs, and met only within the budget', () => {
    const rows = phoneRows(result());
    expect(rows.map((r) => [r.section, r.value, r.budget, r.met])).toEqual([
      ['phone', '1.50 s', '≤ 1.50 s', true],
      ['phone', '2.60 s', '≤ 2.50 s', false],
      ['phone', '1.00 s', '≤ 1.50 s', true],
      // extras: +12.5 %, +0.0 %, +0.2 %: the median
      ['phone', '+0.2 %', `≤ ${PHONE_BUDGETS.extraBytesPercent} %`, true],
    ]);
    expect(rows.map((r) => r.load)).toEqual([0.5, 0.7, 0.6, 0.9]);
    expect(rows[1].figure).toContain('10,000 orders');
    expect(rows[3].figure).toMatch(/^2\.0 MB proof upload resumed after a drop at 50 %/);
    expect(rows[2].note).toBeUndefined();
  });

  it('says so when no service worker served the second visit of the orders page', () => {
    const [, , orders] = phoneRows(
      result({ ordersPage: { ...result().ordersPage, serviceWorker: false, medianMs: 1600 } }),
    );
    expect(orders.note).toBe('no service worker: a warm second visit');
    expect(orders.met).toBe(false);
  });

  it('does not meet the upload budget past 10 % more bytes', () => {
    const upload = result().upload;
    const [, , , row] = phoneRows(
      result({ upload: { ...upload, resumed: upload.resumed.map((r) => ({ ...r, bytes: 2_100_000 + 262_144 })) } }),
    );
    expect(row.value).toBe('+12.5 %');
    expect(row.met).toBe(false);
  });
});
