/**
 * The second look at two screenshots the perceptual hash calls the same picture (docs/domain.md,
 * Fraud signals, "Two looks"). The hash sees a page's layout, not its text: two order
 * confirmations of one shop are the same picture to it. This compares the pictures themselves,
 * place by place, at the detail both still have: each is kept as a 256 x 256 grey picture
 * (its detail picture), and two are the same picture when no small patch of one differs from the
 * other by more than a share of the contrast around it, once the other is lined up on it and its
 * tones fitted (a border, a shift, a crop, a rotation of a degree, brighter: image-alignment.ts).
 * A copy saved again at another size or quality moves every patch a little; a different text
 * moves the patches it covers a lot.
 */
import sharp, { type Sharp } from 'sharp';
import { type AffineMap, type AlignmentTemplate, alignmentTemplate, alignTo, largestMove } from './image-alignment';

/** The detail picture's side, in cells. */
export const DETAIL_SIZE = 256;

/** A picture is first shrunk (from its decoded pixels) to at most this side: enough for 256 cells. */
const WORKING_SIDE = 4 * DETAIL_SIZE;

/**
 * Two detail pictures at most this far apart (alignedDistance) are the same picture. Measured
 * (docs/domain.md): copies at 0.3x-2x, JPEG 40-85, WebP 50 and PNG up to 17.3, copies with light
 * edits as well (a generated corpus) 98 % of them; different order pages of one layout from 33.7
 * (1280 x 900 pages), the seed's mock screenshots from 56.7; 1 in 150 random pairs of 900 x 600
 * pages with 13 px text came lower.
 */
export const SAME_DETAIL_MAX = 24;

export interface DetailPicture {
  /** the source picture's size: how much detail it had */
  width: number;
  height: number;
  /** DETAIL_SIZE x DETAIL_SIZE grey levels, row by row */
  pixels: Uint8Array;
}

const HEADER_BYTES = 4;

/**
 * The detail picture of an image: decoded whole (JPEG's shrink-on-load would change a copy's
 * pixels), flattened on white, grey, blurred by 0.6 of a cell and shrunk to 256 x 256.
 */
export async function detailPicture(image: Buffer): Promise<DetailPicture> {
  const decoded = await sharp(image, { animated: false })
    .flatten({ background: '#ffffff' })
    .grayscale()
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  let { width, height } = decoded.info;
  const source = { width, height };
  let pixels: Buffer = decoded.data;
  // sharp runs its blur after its resize whatever the order of the calls: each step is its own call
  if (Math.max(width, height) > WORKING_SIDE) {
    const scale = WORKING_SIDE / Math.max(width, height);
    const smaller = await greyStep(pixels, width, height, (p) =>
      p.resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)), { fit: 'fill' }),
    );
    pixels = smaller.data;
    width = smaller.width;
    height = smaller.height;
  }
  const cell = Math.max(width, height) / DETAIL_SIZE;
  if (0.6 * cell >= 0.3) pixels = (await greyStep(pixels, width, height, (p) => p.blur(0.6 * cell))).data;
  const grid = await greyStep(pixels, width, height, (p) => p.resize(DETAIL_SIZE, DETAIL_SIZE, { fit: 'fill' }));
  return { ...source, pixels: new Uint8Array(grid.data) };
}

/** One sharp step on one-channel raw pixels, answering one channel (sharp answers three from raw grey). */
async function greyStep(
  pixels: Buffer,
  width: number,
  height: number,
  step: (pipeline: Sharp) => Sharp,
): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await step(sharp(pixels, { raw: { width, height, channels: 1 } }))
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (data.length !== info.width * info.height) throw new Error(`detailPicture: ${data.length} grey levels`);
  return { data, width: info.width, height: info.height };
}

/** The detail picture as the database keeps it: the source's width and height (16 bits each), then its pixels. */
export function packDetail(detail: DetailPicture): Buffer {
  const packed = Buffer.alloc(HEADER_BYTES + detail.pixels.length);
  packed.writeUInt16BE(Math.min(detail.width, 0xffff), 0);
  packed.writeUInt16BE(Math.min(detail.height, 0xffff), 2);
  packed.set(detail.pixels, HEADER_BYTES);
  return packed;
}

/** packDetail's bytes read back; undefined for bytes of another length. */
export function unpackDetail(packed: Uint8Array): DetailPicture | undefined {
  if (packed.length !== HEADER_BYTES + DETAIL_SIZE * DETAIL_SIZE) return undefined;
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  return {
    width: view.getUint16(0),
    height: view.getUint16(2),
    pixels: new Uint8Array(packed.buffer, packed.byteOffset + HEADER_BYTES, DETAIL_SIZE * DETAIL_SIZE),
  };
}

/** Half the side of the patches compared (3 x 3 cells) and of the contrast window around them (7 x 7). */
const PATCH_RADIUS = 1;
const WINDOW_RADIUS = 3;
/** Grey levels added to a window's contrast, so that noise on a flat background is not a large share. */
const CONTRAST_FLOOR = 40;
/** The blur both pictures get, in source pixels of the smaller one. */
const SOURCE_BLUR = 0.5;

/**
 * How far apart two detail pictures are: `b` lined up on `a` first (alignedDistance). 0 for the same
 * picture; nearly symmetric (the picture lined up is the one resampled).
 */
export function detailDistance(a: DetailPicture, b: DetailPicture): number {
  return alignedDistance(prepareDetail(a), b);
}

/**
 * What the comparisons of one detail picture with others share (the new upload's, beside each
 * upload the hash finds like it): its alignment template, and its blurred cells and their contrast
 * windows for each blur asked so far.
 */
export interface PreparedDetail {
  detail: DetailPicture;
  template: AlignmentTemplate;
  blurs: Map<number, { blurred: Float32Array; lowest: Float32Array; highest: Float32Array }>;
}

export function prepareDetail(detail: DetailPicture): PreparedDetail {
  return { detail, template: alignmentTemplate(detail.pixels, DETAIL_SIZE), blurs: new Map() };
}

/**
 * A map moving no corner by more than this share of a cell is taken as no move (the picture is
 * not resampled): a copy saved again at another size is off by as much, and the comparison
 * allows for it.
 */
const UNMOVED = 0.25;

/**
 * How far apart two detail pictures are, `theirs` lined up on `mine` (image-alignment.ts: the
 * affine map of a light edit, tones matched by rank), then both blurred to the detail of the
 * smaller source picture; for every 3 x 3 patch where both have the picture (not where a border,
 * a crop or a shift leaves one without it), the mean difference of the two over it as a share of
 * the grey levels spanned by both in the 7 x 7 window around it (plus 40); the largest share,
 * times 100. 0 for the same picture. With `enough`, it stops at the first share above it (the
 * look only asks whether the two are further apart than SAME_DETAIL_MAX).
 */
export function alignedDistance(
  mine: PreparedDetail,
  theirs: DetailPicture,
  enough = Number.POSITIVE_INFINITY,
): number {
  const size = DETAIL_SIZE;
  const a = mine.detail;
  // how many cells one source pixel of the smaller picture spans
  const sourcePixel = Math.max(size / a.width, size / a.height, size / theirs.width, size / theirs.height);
  const sigma = SOURCE_BLUR * sourcePixel;
  const map = alignTo(mine.template, theirs.pixels, size);
  const outside = scratch.outside;
  let anyOutside = false;
  const placed = scratch.placed;
  const move = largestMove(map, size);
  const placedMoved = move >= UNMOVED;
  if (!placedMoved) {
    placed.set(theirs.pixels);
    outside.fill(0);
  } else {
    anyOutside = warped(theirs.pixels, map, placed, outside);
  }
  // where a cell reads a place the other picture does not have: the patch, its window and their blur
  const reach = PATCH_RADIUS + WINDOW_RADIUS + (sigma < 0.3 ? 0 : Math.ceil(3 * sigma)) + 1;
  if (placedMoved) {
    // a picture lined up by a light edit: what lies near its edges, as far as the edit moved them,
    // may be a border or a strip one has and the other not
    const band = Math.ceil(move) + 1;
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        if (x < band || y < band || x >= size - band || y >= size - band) outside[y * size + x] = 1;
      }
    }
    anyOutside = true;
  }
  const excluded = anyOutside ? grown(outside, reach, scratch.across, scratch.excluded) : undefined;
  retone(placed, mine.detail.pixels, excluded);

  let own = mine.blurs.get(sigma);
  if (!own) {
    const blurredMine = blurred(a.pixels, sigma, cells(), scratch.across);
    const lowest = cells();
    const highest = cells();
    windowExtremes(blurredMine, { ...scratch, lowest, highest });
    own = { blurred: blurredMine, lowest, highest };
    mine.blurs.set(sigma, own);
  }
  const rows = patchRows(own, placed, sigma, excluded);
  // the bands where the two pictures differ most first: a different page is told at its first band
  // over `enough`, without the rest of the picture blurred and compared
  let largest = 0;
  for (const band of bandsByDifference(placed, mine.detail.pixels, excluded)) {
    const share = rows.largestShare(band * BAND_ROWS, (band + 1) * BAND_ROWS);
    if (share > largest) {
      largest = share;
      if (largest * 100 > enough) return largest * 100;
    }
  }
  return largest * 100;
}

/** The comparison's rows are read in bands of this many (DETAIL_SIZE / BAND_ROWS of them). */
const BAND_ROWS = 16;

/**
 * The bands of rows, the ones where `placed` differs most from `target` first (the mean
 * difference over every other cell of every other row, where both have the picture).
 */
function bandsByDifference(placed: Float32Array, target: Uint8Array, excluded: Uint8Array | undefined): number[] {
  const size = DETAIL_SIZE;
  const bands = size / BAND_ROWS;
  const scores = scratch.bandScores.fill(0);
  for (let y = 0; y < size; y += 2) {
    const band = Math.floor(y / BAND_ROWS);
    let sum = 0;
    for (let i = y * size; i < (y + 1) * size; i += 2) {
      if (excluded && excluded[i] !== 0) continue;
      sum += Math.abs((placed[i] as number) - (target[i] as number));
    }
    scores[band] = (scores[band] as number) + sum;
  }
  return Array.from({ length: bands }, (_, band) => band).sort(
    (one, other) => (scores[other] as number) - (scores[one] as number) || one - other,
  );
}

/**
 * The steps of the comparison of `placed` with `own` (the blur, the patches' differences, the
 * contrast windows), row by row, each row worked out the first time a band needs it: every step
 * reads only rows a few above and below its own, so a band costs its rows and a margin, and the
 * figures are the same as the whole picture's worked out at once.
 */
function patchRows(
  own: { blurred: Float32Array; lowest: Float32Array; highest: Float32Array },
  placed: Float32Array,
  sigma: number,
  excluded: Uint8Array | undefined,
): { largestShare: (from: number, to: number) => number } {
  const size = DETAIL_SIZE;
  const { blurAcross, other, difference, patchAcross, patch, lowAcross, highAcross, lowest, highest } = scratch;
  const weights = blurWeights(sigma);
  const radius = weights ? (weights.length - 1) / 2 : 0;
  // the blur along the rows, then along the columns (a copy below a third of a cell)
  const blurRow = rowStep((y) => {
    if (weights) blurAlong(placed, y, weights, blurAcross);
  });
  const otherRow = rowStep((y) => {
    if (!weights) {
      for (let i = y * size; i < (y + 1) * size; i++) other[i] = placed[i] as number;
      return;
    }
    blurRow.upTo(y - radius, y + radius + 1);
    blurDown(blurAcross, y, weights, other);
  });
  // the difference of the two, summed over each patch
  const patchAcrossRow = rowStep((y) => {
    otherRow.upTo(y, y + 1);
    const row = y * size;
    for (let x = 0; x < size; x++) difference[row + x] = (own.blurred[row + x] as number) - (other[row + x] as number);
    for (let x = PATCH_RADIUS; x < size - PATCH_RADIUS; x++) {
      let sum = 0;
      for (let k = -PATCH_RADIUS; k <= PATCH_RADIUS; k++) sum += difference[row + x + k] as number;
      patchAcross[row + x] = sum;
    }
  });
  const patchRow = rowStep((y) => {
    if (y < PATCH_RADIUS || y >= size - PATCH_RADIUS) return;
    patchAcrossRow.upTo(y - PATCH_RADIUS, y + PATCH_RADIUS + 1);
    for (let x = 0; x < size; x++) {
      let sum = 0;
      for (let k = -PATCH_RADIUS; k <= PATCH_RADIUS; k++) sum += patchAcross[(y + k) * size + x] as number;
      patch[y * size + x] = sum;
    }
  });
  // the lowest and the highest of the lined-up picture over each contrast window
  const extremesAcrossRow = rowStep((y) => {
    otherRow.upTo(y, y + 1);
    extremesAlong(other, y, lowAcross, highAcross);
  });
  const extremesRow = rowStep((y) => {
    if (y < WINDOW_RADIUS || y >= size - WINDOW_RADIUS) return;
    extremesAcrossRow.upTo(y - WINDOW_RADIUS, y + WINDOW_RADIUS + 1);
    extremesDown(y, lowAcross, highAcross, lowest, highest);
  });
  const patchCells = (2 * PATCH_RADIUS + 1) ** 2;
  return {
    largestShare(from, to) {
      const first = Math.max(from, WINDOW_RADIUS);
      const last = Math.min(to, size - WINDOW_RADIUS);
      patchRow.upTo(first, last);
      extremesRow.upTo(first, last);
      let largest = 0;
      for (let y = first; y < last; y++) {
        for (let x = WINDOW_RADIUS; x < size - WINDOW_RADIUS; x++) {
          const i = y * size + x;
          if (excluded && excluded[i] !== 0) continue;
          // the span of both pictures over the window: the lowest of either, the highest of either
          const low = Math.min(lowest[i] as number, own.lowest[i] as number);
          const high = Math.max(highest[i] as number, own.highest[i] as number);
          const share = Math.abs((patch[i] as number) / patchCells) / (high - low + CONTRAST_FLOOR);
          if (share > largest) largest = share;
        }
      }
      return largest;
    },
  };
}

/** One step of the comparison worked out a row at a time, each row once: `upTo(from, to)` makes sure of rows from..to-1 (clipped to the picture). */
function rowStep(row: (y: number) => void): { upTo: (from: number, to: number) => void } {
  const done = new Uint8Array(DETAIL_SIZE);
  return {
    upTo(from, to) {
      for (let y = Math.max(0, from); y < Math.min(DETAIL_SIZE, to); y++) {
        if (done[y] === 0) {
          done[y] = 1;
          row(y);
        }
      }
    },
  };
}

/** A Gaussian's weights, 3 sigma each way, summing to 1; undefined below a third of a cell (no blur). */
function blurWeights(sigma: number): Float32Array | undefined {
  if (sigma < 0.3) return undefined;
  const radius = Math.ceil(3 * sigma);
  const weights = new Float32Array(2 * radius + 1);
  let total = 0;
  for (let k = -radius; k <= radius; k++) {
    const weight = Math.exp(-(k * k) / (2 * sigma * sigma));
    weights[k + radius] = weight;
    total += weight;
  }
  for (let k = 0; k < weights.length; k++) weights[k] = (weights[k] as number) / total;
  return weights;
}

/**
 * `pixels` resampled (bilinear) at the places the map takes each cell to, into `into`; `outside`
 * marks the cells it takes beyond the picture (their value: the nearest edge). Answers whether any.
 */
function warped(pixels: Uint8Array, map: AffineMap, into: Float32Array, outside: Uint8Array): boolean {
  const size = DETAIL_SIZE;
  const half = size / 2;
  const [m0, m1, m2, m3, m4, m5] = map as unknown as [number, number, number, number, number, number];
  let any = false;
  for (let y = 0; y < size; y++) {
    const v = (y + 0.5 - half) / half;
    for (let x = 0; x < size; x++) {
      const u = (x + 0.5 - half) / half;
      let px = (m0 * u + m1 * v + m2) * half + half - 0.5;
      let py = (m3 * u + m4 * v + m5) * half + half - 0.5;
      const i = y * size + x;
      const out = px < -0.5 || py < -0.5 || px > size - 0.5 || py > size - 0.5;
      outside[i] = out ? 1 : 0;
      any ||= out;
      px = Math.min(size - 1, Math.max(0, px));
      py = Math.min(size - 1, Math.max(0, py));
      const x0 = Math.min(Math.floor(px), size - 2);
      const y0 = Math.min(Math.floor(py), size - 2);
      const fx = px - x0;
      const fy = py - y0;
      const j = y0 * size + x0;
      const top = (pixels[j] as number) + fx * ((pixels[j + 1] as number) - (pixels[j] as number));
      const bottom =
        (pixels[j + size] as number) + fx * ((pixels[j + size + 1] as number) - (pixels[j + size] as number));
      into[i] = top + fy * (bottom - top);
    }
  }
  return any;
}

/** The cells within `radius` (a square) of a marked cell, marked, into `into` (prefix sums along rows, then columns). */
function grown(marks: Uint8Array, radius: number, across: Float32Array, into: Uint8Array): Uint8Array {
  const size = DETAIL_SIZE;
  for (let y = 0; y < size; y++) {
    const row = y * size;
    let count = 0;
    for (let x = 0; x < Math.min(radius, size); x++) count += marks[row + x] as number;
    for (let x = 0; x < size; x++) {
      if (x + radius < size) count += marks[row + x + radius] as number;
      if (x - radius - 1 >= 0) count -= marks[row + x - radius - 1] as number;
      across[row + x] = count;
    }
  }
  for (let x = 0; x < size; x++) {
    let count = 0;
    for (let y = 0; y < Math.min(radius, size); y++) count += across[y * size + x] as number;
    for (let y = 0; y < size; y++) {
      if (y + radius < size) count += across[(y + radius) * size + x] as number;
      if (y - radius - 1 >= 0) count -= across[(y - radius - 1) * size + x] as number;
      into[y * size + x] = count > 0 ? 1 : 0;
    }
  }
  return into;
}

/** The tone curve's steps: grey levels of the picture lined up, this many to a step. */
const TONE_STEP = 8;
/** A step with fewer cells than this is left out of the tone curve (its neighbours say more). */
const TONE_STEP_CELLS = 16;
/** A tone curve moving no step by more than this many grey levels is taken as no change (nothing is re-toned). */
const TONE_UNCHANGED = 2;

/**
 * The tones of `placed` brought to those of `target` where both have the picture: for each step
 * of TONE_STEP grey levels of `placed`, the mean level of `target` at the same cells, made rising
 * (pool-adjacent-violators), and between steps linearly. Undoes brightness, contrast and gamma
 * whatever their curve, and is not moved by a border or a strip one picture has and the other not
 * (those cells are few in any step).
 */
function retone(placed: Float32Array, target: Uint8Array, excluded: Uint8Array | undefined): void {
  const steps = 256 / TONE_STEP;
  const counts = scratch.toneCounts.fill(0);
  const own = scratch.toneOwn.fill(0);
  const wanted = scratch.toneWanted.fill(0);
  // every other cell of every other row: the curve is a mean over thousands
  const size = DETAIL_SIZE;
  for (let y = 0; y < size; y += 2) {
    for (let i = y * size; i < (y + 1) * size; i += 2) {
      if (excluded && excluded[i] !== 0) continue;
      const value = placed[i] as number;
      const step = Math.min(steps - 1, Math.floor(value / TONE_STEP));
      counts[step] = (counts[step] as number) + 1;
      own[step] = (own[step] as number) + value;
      wanted[step] = (wanted[step] as number) + (target[i] as number);
    }
  }
  // the steps with enough cells: (mean of `placed`, mean of `target`, weight), pooled where they fall
  const xs: number[] = [];
  const ys: number[] = [];
  const weights: number[] = [];
  for (let step = 0; step < steps; step++) {
    const count = counts[step] as number;
    if (count < TONE_STEP_CELLS) continue;
    xs.push((own[step] as number) / count);
    ys.push((wanted[step] as number) / count);
    weights.push(count);
    while (ys.length > 1 && (ys[ys.length - 2] as number) > (ys[ys.length - 1] as number)) {
      const w = (weights.pop() as number) + (weights[weights.length - 1] as number);
      const y =
        ((ys.pop() as number) * (w - (weights[weights.length - 1] as number)) +
          (ys[ys.length - 1] as number) * (weights[weights.length - 1] as number)) /
        w;
      const x =
        ((xs.pop() as number) * (w - (weights[weights.length - 1] as number)) +
          (xs[xs.length - 1] as number) * (weights[weights.length - 1] as number)) /
        w;
      ys[ys.length - 1] = y;
      xs[xs.length - 1] = x;
      weights[weights.length - 1] = w;
    }
  }
  if (xs.length === 0 || xs.every((x, k) => Math.abs((ys[k] as number) - x) <= TONE_UNCHANGED)) return;
  const table = scratch.toneTable;
  let k = 0;
  for (let value = 0; value < 256; value++) {
    while (k < xs.length - 1 && (xs[k + 1] as number) <= value) k += 1;
    const x0 = xs[k] as number;
    const y0 = ys[k] as number;
    if (value <= x0 || k === xs.length - 1) {
      // beyond the first or last step: the same offset
      table[value] = Math.min(255, Math.max(0, value + y0 - x0));
    } else {
      const x1 = xs[k + 1] as number;
      const y1 = ys[k + 1] as number;
      table[value] = y0 + ((value - x0) * (y1 - y0)) / (x1 - x0);
    }
  }
  for (let i = 0; i < placed.length; i++) {
    const value = placed[i] as number;
    const floor = Math.floor(value);
    const next = Math.min(255, floor + 1);
    placed[i] = (table[floor] as number) + (value - floor) * ((table[next] as number) - (table[floor] as number));
  }
}

/** Working space of the comparisons, made once: each runs to its end without yielding, so one set serves every call. */
const cells = () => new Float32Array(DETAIL_SIZE * DETAIL_SIZE);
const scratch = {
  placed: cells(),
  outside: new Uint8Array(DETAIL_SIZE * DETAIL_SIZE),
  excluded: new Uint8Array(DETAIL_SIZE * DETAIL_SIZE),
  toneCounts: new Float64Array(256 / 8),
  toneOwn: new Float64Array(256 / 8),
  toneWanted: new Float64Array(256 / 8),
  toneTable: new Float64Array(256),
  other: cells(),
  across: cells(),
  acrossHigh: cells(),
  difference: cells(),
  patch: cells(),
  lowest: cells(),
  highest: cells(),
  blurAcross: cells(),
  lowAcross: cells(),
  highAcross: cells(),
  patchAcross: cells(),
  bandScores: new Float64Array(DETAIL_SIZE / BAND_ROWS),
};

/** A Gaussian blur of a detail picture into `into` (a copy below a third of a cell), edges repeated. */
function blurred(pixels: ArrayLike<number>, sigma: number, into: Float32Array, across: Float32Array): Float32Array {
  const weights = blurWeights(sigma);
  if (!weights) {
    for (let i = 0; i < into.length; i++) into[i] = pixels[i] as number;
    return into;
  }
  for (let y = 0; y < DETAIL_SIZE; y++) blurAlong(pixels, y, weights, across);
  for (let y = 0; y < DETAIL_SIZE; y++) blurDown(across, y, weights, into);
  return into;
}

/** Row `y` of `from` blurred along the row (the edges repeated), into the same row of `into`. */
function blurAlong(from: ArrayLike<number>, y: number, weights: Float32Array, into: Float32Array): void {
  const size = DETAIL_SIZE;
  const radius = (weights.length - 1) / 2;
  const first = y * size;
  for (let x = 0; x < size; x++) {
    let sum = 0;
    if (x >= radius && x < size - radius) {
      for (let k = -radius; k <= radius; k++) sum += (from[first + x + k] as number) * (weights[k + radius] as number);
    } else {
      for (let k = -radius; k <= radius; k++) {
        const clamped = Math.min(size - 1, Math.max(0, x + k));
        sum += (from[first + clamped] as number) * (weights[k + radius] as number);
      }
    }
    into[first + x] = sum;
  }
}

/** Row `y` blurred down the columns of `from` (rows blurred along already, y - radius to y + radius), into `into`. */
function blurDown(from: Float32Array, y: number, weights: Float32Array, into: Float32Array): void {
  const size = DETAIL_SIZE;
  const radius = (weights.length - 1) / 2;
  const first = y * size;
  for (let x = 0; x < size; x++) {
    let sum = 0;
    if (y >= radius && y < size - radius) {
      for (let k = -radius; k <= radius; k++)
        sum += (from[first + x + k * size] as number) * (weights[k + radius] as number);
    } else {
      for (let k = -radius; k <= radius; k++) {
        const clamped = Math.min(size - 1, Math.max(0, y + k));
        sum += (from[clamped * size + x] as number) * (weights[k + radius] as number);
      }
    }
    into[first + x] = sum;
  }
}

/** The smallest and the largest value over the window (WINDOW_RADIUS each way) centred on each cell at least that far from the edges, into work.lowest and work.highest. */
function windowExtremes(
  values: Float32Array,
  work: { across: Float32Array; acrossHigh: Float32Array; lowest: Float32Array; highest: Float32Array },
): void {
  for (let y = 0; y < DETAIL_SIZE; y++) extremesAlong(values, y, work.across, work.acrossHigh);
  for (let y = WINDOW_RADIUS; y < DETAIL_SIZE - WINDOW_RADIUS; y++)
    extremesDown(y, work.across, work.acrossHigh, work.lowest, work.highest);
}

/** Row `y`'s smallest and largest value over WINDOW_RADIUS each way along the row, into `low` and `high`. */
function extremesAlong(values: Float32Array, y: number, low: Float32Array, high: Float32Array): void {
  const size = DETAIL_SIZE;
  const row = y * size;
  for (let x = WINDOW_RADIUS; x < size - WINDOW_RADIUS; x++) {
    let min = values[row + x] as number;
    let max = min;
    for (let k = -WINDOW_RADIUS; k <= WINDOW_RADIUS; k++) {
      const value = values[row + x + k] as number;
      if (value < min) min = value;
      if (value > max) max = value;
    }
    low[row + x] = min;
    high[row + x] = max;
  }
}

/** Row `y`'s smallest and largest value over the window, from the rows' own (extremesAlong, y - WINDOW_RADIUS to y + WINDOW_RADIUS). */
function extremesDown(
  y: number,
  low: Float32Array,
  high: Float32Array,
  lowest: Float32Array,
  highest: Float32Array,
): void {
  const size = DETAIL_SIZE;
  for (let x = WINDOW_RADIUS; x < size - WINDOW_RADIUS; x++) {
    let min = low[y * size + x] as number;
    let max = high[y * size + x] as number;
    for (let k = -WINDOW_RADIUS; k <= WINDOW_RADIUS; k++) {
      const lowHere = low[(y + k) * size + x] as number;
      const highHere = high[(y + k) * size + x] as number;
      if (lowHere < min) min = lowHere;
      if (highHere > max) max = highHere;
    }
    lowest[y * size + x] = min;
    highest[y * size + x] = max;
  }
}
