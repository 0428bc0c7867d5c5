/**
 * How long an order screenshot's own checks take per upload, on the main thread and in all
 * (docs/domain.md, Fraud signals, "Two looks"): its hash and detail picture (lookAt), then the
 * second look beside the 12 uploads the hash finds like it (MAX_SECOND_LOOKS), all pictures of
 * the seed's order-screenshot layout with other orders, as the bench uploads them. No database:
 * the comparisons only. A measurement, not a test: run it on a quiet machine, and on the commit
 * before a change to compare.
 *
 *   npx tsx server/scripts/time-screenshot-look.ts [uploads, default 40]
 */
import os from 'node:os';
import { renderScreenshot } from '../src/seed/images';
import * as imageDetail from '../src/uploads/image-detail';
import { lookAt, MAX_SECOND_LOOKS } from '../src/uploads/screenshot-look';

const uploads = Number(process.argv[2] ?? 40);
const NAMES = ['Ayesha Siddiqui', 'Bilal Chaudhry', 'Omar Farooq', 'Sana Malik', 'Hamza Qureshi', 'Zainab Hussain'];
const picture = (i: number) =>
  renderScreenshot('order', 'Order placed', [
    `Order # 9${String(i % 100).padStart(2, '0')}-${String((i * 7919) % 1e7).padStart(7, '0')}-${String(i).padStart(7, '0')}`,
    `Buyer: ${NAMES[i % NAMES.length]}`,
    `Total: Rs ${(1000 + ((i * 37) % 9000)).toLocaleString('en-US')}`,
  ]);

/** The comparison of one upload's detail picture with each of the others, by this checkout's API. */
type Detail = imageDetail.DetailPicture;
function compareAll(mine: Detail, others: Detail[]): number {
  // the commit before the alignment had only detailDistance; this script times both
  const api = imageDetail as unknown as {
    prepareDetail?: (detail: Detail) => unknown;
    alignedDistance?: (prepared: unknown, other: Detail, enough?: number) => number;
  };
  let same = 0;
  if (api.prepareDetail && api.alignedDistance) {
    const prepared = api.prepareDetail(mine);
    for (const other of others)
      if (api.alignedDistance(prepared, other, imageDetail.SAME_DETAIL_MAX) <= imageDetail.SAME_DETAIL_MAX) same += 1;
  } else {
    for (const other of others) if (imageDetail.detailDistance(mine, other) <= imageDetail.SAME_DETAIL_MAX) same += 1;
  }
  return same;
}

const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const stored: Detail[] = [];
for (let i = 0; i < MAX_SECOND_LOOKS; i++) {
  const { detail } = await lookAt(await picture(1000 + i));
  if (!detail) throw new Error('a screenshot without detail');
  stored.push(imageDetail.unpackDetail(detail) as Detail);
}
const pictures = await Promise.all(Array.from({ length: uploads }, (_, i) => picture(i)));

let hashingWall = 0;
let lookWall = 0;
let lookCpu = 0;
let found = 0;
const started = cpu();
for (const image of pictures) {
  let at = performance.now();
  const { detail } = await lookAt(image);
  hashingWall += performance.now() - at;
  if (!detail) throw new Error('a screenshot without detail');
  const mine = imageDetail.unpackDetail(detail) as Detail;
  at = performance.now();
  const cpuAt = cpu();
  found += compareAll(mine, stored);
  lookCpu += cpu() - cpuAt;
  lookWall += performance.now() - at;
}
const totalCpu = cpu() - started;
const per = (ms: number) => `${(ms / uploads).toFixed(1)} ms`;
console.log(
  `${uploads} uploads, ${MAX_SECOND_LOOKS} looks each (${found} found the same picture); load average ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}\n` +
    `  per upload: hash + detail picture ${per(hashingWall)} (wall), second look ${per(lookWall)} (wall), ` +
    `${per(lookCpu)} (main-thread CPU); all of it ${per(totalCpu)} CPU (sharp's threads included)`,
);
