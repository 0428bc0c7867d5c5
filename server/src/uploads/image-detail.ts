/**
 * The second look at two screenshots the perceptual hash calls the same picture (docs/domain.md,
 * Fraud signals, "Two looks"). The hash sees a page's layout, not its text: two order
 * confirmations of one shop are the same picture to it. This compares the pictures themselves,
 * place by place, at the detail both still have: each is kept as a 256 x 256 grey picture
 * (its detail picture), and two are the same picture when no small patch of one differs from the
 * other by more than a share of the contrast around it. A copy saved again at another size or
 * quality moves every patch a little; a different text moves the patches it covers a lot.
 */
import sharp, { type Sharp } from 'sharp';

/** The detail picture's side, in cells. */
export const DETAIL_SIZE = 256;

/** A picture is first shrunk (from its decoded pixels) to at most this side: enough for 256 cells. */
const WORKING_SIDE = 4 * DETAIL_SIZE;

/**
 * Two detail pictures at most this far apart (detailDistance) are the same picture. Measured
 * (docs/domain.md): copies at 0.3x-2x, JPEG 40-85, WebP 50 and PNG up to 23.3; different order
 * pages of one layout from 21.7, most above 27, the seed's mock screenshots from 49.8.
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
const CONTRAST_FLOOR = 30;
/** The blur both pictures get, in source pixels of the smaller one. */
const SOURCE_BLUR = 0.5;

/**
 * How far apart two detail pictures are: both blurred to the detail of the smaller source
 * picture, then for every 3 x 3 patch, the mean difference of the two over it as a share of the
 * grey levels spanned by both in the 7 x 7 window around it (plus 30); the largest share, times
 * 100. Symmetric; 0 for the same picture.
 */
export function detailDistance(a: DetailPicture, b: DetailPicture): number {
  const size = DETAIL_SIZE;
  // how many cells one source pixel of the smaller picture spans
  const sourcePixel = Math.max(size / a.width, size / a.height, size / b.width, size / b.height);
  const one = blurred(a.pixels, SOURCE_BLUR * sourcePixel, scratch.one, scratch.across);
  const other = blurred(b.pixels, SOURCE_BLUR * sourcePixel, scratch.other, scratch.across);
  const { difference, low, high } = scratch;
  for (let i = 0; i < difference.length; i++) {
    const p = one[i] as number;
    const q = other[i] as number;
    difference[i] = p - q;
    low[i] = p < q ? p : q;
    high[i] = p < q ? q : p;
  }
  const patchSum = boxSum(difference, PATCH_RADIUS, scratch.across, scratch.patch);
  windowSpan(low, high, WINDOW_RADIUS, scratch);
  const { lowest, highest } = scratch;
  const patchCells = (2 * PATCH_RADIUS + 1) ** 2;
  let largest = 0;
  for (let y = WINDOW_RADIUS; y < size - WINDOW_RADIUS; y++) {
    for (let x = WINDOW_RADIUS; x < size - WINDOW_RADIUS; x++) {
      const i = y * size + x;
      const contrast = (highest[i] as number) - (lowest[i] as number) + CONTRAST_FLOOR;
      const share = Math.abs((patchSum[i] as number) / patchCells) / contrast;
      if (share > largest) largest = share;
    }
  }
  return largest * 100;
}

/** Working space of detailDistance, made once: it runs to its end without yielding, so one set serves every call. */
const cells = () => new Float32Array(DETAIL_SIZE * DETAIL_SIZE);
const scratch = {
  one: cells(),
  other: cells(),
  across: cells(),
  acrossHigh: cells(),
  difference: cells(),
  low: cells(),
  high: cells(),
  patch: cells(),
  lowest: cells(),
  highest: cells(),
};

/** A Gaussian blur of a detail picture into `into` (a copy below a third of a cell), edges repeated. */
function blurred(pixels: Uint8Array, sigma: number, into: Float32Array, across: Float32Array): Float32Array {
  const size = DETAIL_SIZE;
  if (sigma < 0.3) {
    into.set(pixels);
    return into;
  }
  const radius = Math.ceil(3 * sigma);
  const weights = new Float32Array(2 * radius + 1);
  let total = 0;
  for (let k = -radius; k <= radius; k++) {
    const weight = Math.exp(-(k * k) / (2 * sigma * sigma));
    weights[k + radius] = weight;
    total += weight;
  }
  for (let k = 0; k < weights.length; k++) weights[k] = (weights[k] as number) / total;
  // step: between the cells of one line; lineStep: between the lines
  const pass = (from: ArrayLike<number>, to: Float32Array, step: number, lineStep: number) => {
    for (let line = 0; line < size; line++) {
      const first = line * lineStep;
      for (let at = 0; at < size; at++) {
        let sum = 0;
        if (at >= radius && at < size - radius) {
          const centre = first + at * step;
          for (let k = -radius; k <= radius; k++)
            sum += (from[centre + k * step] as number) * (weights[k + radius] as number);
        } else {
          for (let k = -radius; k <= radius; k++) {
            const clamped = Math.min(size - 1, Math.max(0, at + k));
            sum += (from[first + clamped * step] as number) * (weights[k + radius] as number);
          }
        }
        to[first + at * step] = sum;
      }
    }
  };
  pass(pixels, across, 1, size);
  pass(across, into, size, 1);
  return into;
}

/** The sum over the (2r+1)^2 square centred on each cell, along rows then columns (cells nearer the edge than r: never read). */
function boxSum(values: Float32Array, radius: number, across: Float32Array, into: Float32Array): Float32Array {
  const size = DETAIL_SIZE;
  for (let y = 0; y < size; y++) {
    const row = y * size;
    for (let x = radius; x < size - radius; x++) {
      let sum = 0;
      for (let k = -radius; k <= radius; k++) sum += values[row + x + k] as number;
      across[row + x] = sum;
    }
  }
  for (let y = radius; y < size - radius; y++) {
    for (let x = 0; x < size; x++) {
      let sum = 0;
      for (let k = -radius; k <= radius; k++) sum += across[(y + k) * size + x] as number;
      into[y * size + x] = sum;
    }
  }
  return into;
}

/** The smallest of `low` and the largest of `high` over the (2r+1)^2 square centred on each cell. */
function windowSpan(
  low: Float32Array,
  high: Float32Array,
  radius: number,
  work: { across: Float32Array; acrossHigh: Float32Array; lowest: Float32Array; highest: Float32Array },
): void {
  const size = DETAIL_SIZE;
  const { across, acrossHigh, lowest, highest } = work;
  for (let y = 0; y < size; y++) {
    const row = y * size;
    for (let x = radius; x < size - radius; x++) {
      let min = low[row + x] as number;
      let max = high[row + x] as number;
      for (let k = -radius; k <= radius; k++) {
        const l = low[row + x + k] as number;
        const h = high[row + x + k] as number;
        if (l < min) min = l;
        if (h > max) max = h;
      }
      across[row + x] = min;
      acrossHigh[row + x] = max;
    }
  }
  for (let y = radius; y < size - radius; y++) {
    for (let x = 0; x < size; x++) {
      let min = across[y * size + x] as number;
      let max = acrossHigh[y * size + x] as number;
      for (let k = -radius; k <= radius; k++) {
        const l = across[(y + k) * size + x] as number;
        const h = acrossHigh[(y + k) * size + x] as number;
        if (l < min) min = l;
        if (h > max) max = h;
      }
      lowest[y * size + x] = min;
      highest[y * size + x] = max;
    }
  }
}
