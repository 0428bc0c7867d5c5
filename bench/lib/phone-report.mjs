// The phone section's profile, budgets and rows (bench/phone.mjs; docs/benchmarks.md): the pure
// part, tested in phone-report.test.mjs.
import { median, seconds } from './report.mjs';

/** The agent's phone (issue 29): a mid-range phone on mobile data. */
export const PHONE = {
  width: 390,
  height: 844,
  deviceScaleFactor: 3,
  /** Emulation.setCPUThrottlingRate */
  cpuSlowdown: 4,
  /** round trip added to each request, ms */
  latencyMs: 150,
  downloadKbitPerSecond: 1600,
  uploadKbitPerSecond: 750,
};

/** The budgets (issue 29, Measured). */
export const PHONE_BUDGETS = { lcpMs: 1500, signInMs: 2500, ordersMs: 1500, extraBytesPercent: 10 };

/** What the issue measured before (median of 3 on the phone profile), for the docs and the log. */
export const PHONE_BASELINE = { lcpMs: 1900, signInMs: 3400, ordersMs: 2200 };

/**
 * CDP's Network.emulateNetworkConditions for a profile: throughputs in bytes a second (kbit/s × 1000 / 8).
 * @param {typeof PHONE} profile
 */
export const networkConditions = (profile) => ({
  offline: false,
  latency: profile.latencyMs,
  downloadThroughput: (profile.downloadKbitPerSecond * 1000) / 8,
  uploadThroughput: (profile.uploadKbitPerSecond * 1000) / 8,
});

/**
 * The network gone (the phone lost its signal): every request on its way fails, none starts. The
 * throttling stays as it was: conditions without it make Chromium first let go at once of every
 * byte it was holding back, so the chunk on its way would arrive whole instead of being cut off.
 * @param {typeof PHONE} profile
 */
export const offline = (profile) => ({ ...networkConditions(profile), offline: true });

/**
 * How many more bytes the resumed upload sent than the unbroken one, in % of the unbroken one's.
 * @param {number} resumedBytes @param {number} unbrokenBytes
 */
export function extraBytesPercent(resumedBytes, unbrokenBytes) {
  if (!(unbrokenBytes > 0)) throw new Error(`the unbroken upload sent ${unbrokenBytes} bytes`);
  return ((resumedBytes - unbrokenBytes) / unbrokenBytes) * 100;
}

/**
 * What the PATCH requests of one upload sent: their body bytes (also of those cut off), how many
 * there were and how many were cut off.
 * @param {Array<{ method: string, path: string, bytes: number, complete: boolean }>} requests
 * @param {string} uploadsPath '/api/uploads/resumable'
 */
export function patchBytes(requests, uploadsPath) {
  const patches = requests.filter((r) => r.method === 'PATCH' && r.path.startsWith(`${uploadsPath}/`));
  return {
    bytes: patches.reduce((sum, r) => sum + r.bytes, 0),
    patches: patches.length,
    cutOff: patches.filter((r) => !r.complete).length,
  };
}

const runsOf = (values, format) => `runs ${values.map(format).join(', ')}`;
const percent = (value) => `${value >= 0 ? '+' : ''}${value.toFixed(1)} %`;

/**
 * @typedef {object} PhoneResult
 * @property {number} runs
 * @property {number} orders orders in the database
 * @property {{ runsMs: number[], medianMs: number, load: number }} lcp
 * @property {{ runsMs: number[], medianMs: number, load: number }} signIn
 * @property {{ runsMs: number[], medianMs: number, firstVisitMs: number[], serviceWorker: boolean, load: number }} ordersPage the second visits (and the cold first ones)
 * @property {{ imageBytes: number, unbroken: { bytes: number, ms: number }, resumed: Array<{ bytes: number, ms: number, cutOff: number }>, load: number }} upload
 */

/**
 * The section's rows, in the shape of every other section's.
 * @param {PhoneResult} result
 * @returns {import('./report.mjs').Row[]}
 */
export function phoneRows(result) {
  const n = result.runs;
  const { lcp, signIn, ordersPage: orders, upload } = result;
  const extras = upload.resumed.map((r) => extraBytesPercent(r.bytes, upload.unbroken.bytes));
  const extra = median(extras);
  const mb = (upload.imageBytes / 1024 / 1024).toFixed(1);
  return [
    {
      section: 'phone',
      figure: `login page LCP (median of ${n}, cold)`,
      value: seconds(lcp.medianMs),
      budget: `≤ ${seconds(PHONE_BUDGETS.lcpMs)}`,
      met: lcp.medianMs <= PHONE_BUDGETS.lcpMs,
      detail: runsOf(lcp.runsMs, seconds),
      load: lcp.load,
    },
    {
      section: 'phone',
      figure: `sign-in click → agent dashboard figures (${result.orders.toLocaleString('en-US')} orders, median of ${n}, cold)`,
      value: seconds(signIn.medianMs),
      budget: `≤ ${seconds(PHONE_BUDGETS.signInMs)}`,
      met: signIn.medianMs <= PHONE_BUDGETS.signInMs,
      detail: runsOf(signIn.runsMs, seconds),
      load: signIn.load,
    },
    {
      section: 'phone',
      figure: `orders page (/agent/orders) once installed: second visit (median of ${n})`,
      value: seconds(orders.medianMs),
      ...(orders.serviceWorker ? {} : { note: 'no service worker: a warm second visit' }),
      budget: `≤ ${seconds(PHONE_BUDGETS.ordersMs)}`,
      met: orders.medianMs <= PHONE_BUDGETS.ordersMs,
      detail: `${runsOf(orders.runsMs, seconds)}; first visits (cold) ${orders.firstVisitMs.map(seconds).join(', ')}`,
      load: orders.load,
    },
    {
      section: 'phone',
      figure: `${mb} MB proof upload resumed after a drop at 50 %: extra bytes sent (median of ${upload.resumed.length})`,
      value: percent(extra),
      budget: `≤ ${PHONE_BUDGETS.extraBytesPercent} %`,
      met: extra <= PHONE_BUDGETS.extraBytesPercent,
      detail:
        `unbroken ${upload.unbroken.bytes} bytes in ${seconds(upload.unbroken.ms)}; resumed ` +
        upload.resumed.map((r, i) => `${r.bytes} bytes (${percent(extras[i])}) in ${seconds(r.ms)}`).join(', '),
      load: upload.load,
    },
  ];
}
