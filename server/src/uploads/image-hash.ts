/**
 * The perceptual hash of an image (docs/domain.md, Fraud signals, screenshot-reused): a 64-bit
 * pHash. The image is flattened on white, made grey, smoothed and shrunk to 32 x 32; the 8 x 8 lowest
 * frequencies of its discrete cosine transform each give one bit, set when above their median.
 * The same picture saved again at another size or quality keeps its low frequencies, so its
 * hash stays within a few bits; a different picture lands about half the bits away.
 */
import sharp from 'sharp';

const SIZE = 32;
const SMOOTH_SIZE = 256;
const FREQUENCIES = 8;

/** cos((2x + 1) u pi / 2N) for the first FREQUENCIES u and every x. */
const COSINES: readonly Float64Array[] = Array.from({ length: FREQUENCIES }, (_, u) =>
  Float64Array.from({ length: SIZE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIZE))),
);

/**
 * Below this, no low frequency stands out (about two grey levels): a flat colour, which every
 * other flat colour would match. Such a picture gets no hash and is compared by its upload only.
 */
const FLAT = (SIZE * SIZE) / 2;

/** The hash as PostgreSQL's bigint holds it (signed: the top bit is the sign); undefined for a picture without detail. */
export async function perceptualHash(image: Buffer): Promise<bigint | undefined> {
  // Shrunk in two steps, with a blur between, so that the 32 x 32 grid averages the picture
  // instead of sampling it: how the copy was resized and compressed then matters less.
  const smooth = await sharp(image, { animated: false })
    .flatten({ background: '#ffffff' })
    .grayscale()
    .resize(SMOOTH_SIZE, SMOOTH_SIZE, { fit: 'fill' })
    .blur(2)
    .extractChannel(0)
    .raw()
    .toBuffer();
  // One channel asked for again: from raw grey input sharp answers three (sRGB), and the grid
  // read as one channel would be the top third of the picture, each pixel three times.
  const pixels = await sharp(smooth, { raw: { width: SMOOTH_SIZE, height: SMOOTH_SIZE, channels: 1 } })
    .resize(SIZE, SIZE, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  if (pixels.length !== SIZE * SIZE)
    throw new Error(`perceptualHash: ${pixels.length} grey levels, not ${SIZE * SIZE}`);
  // the transform of each row, then of each column: only the low frequencies are needed
  const rows: Float64Array[] = [];
  for (let y = 0; y < SIZE; y++) {
    const row = new Float64Array(FREQUENCIES);
    for (let u = 0; u < FREQUENCIES; u++) {
      const cosines = COSINES[u] as Float64Array;
      let sum = 0;
      for (let x = 0; x < SIZE; x++) sum += (pixels[y * SIZE + x] ?? 0) * (cosines[x] ?? 0);
      row[u] = sum;
    }
    rows.push(row);
  }
  const coefficients: number[] = [];
  for (let v = 0; v < FREQUENCIES; v++) {
    const cosines = COSINES[v] as Float64Array;
    for (let u = 0; u < FREQUENCIES; u++) {
      let sum = 0;
      for (let y = 0; y < SIZE; y++) sum += (rows[y]?.[u] ?? 0) * (cosines[y] ?? 0);
      coefficients.push(sum);
    }
  }
  if (Math.max(...coefficients.slice(1).map(Math.abs)) < FLAT) return undefined;
  // the median leaves out the first coefficient (the mean brightness), which dwarfs the others
  const sorted = coefficients.slice(1).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  let hash = 0n;
  for (const coefficient of coefficients) hash = (hash << 1n) | (coefficient > median ? 1n : 0n);
  return BigInt.asIntN(64, hash);
}

/** How many bits two hashes differ in. */
export function hammingDistance(a: bigint, b: bigint): number {
  let rest = BigInt.asUintN(64, a ^ b);
  let bits = 0;
  while (rest !== 0n) {
    bits += Number(rest & 1n);
    rest >>= 1n;
  }
  return bits;
}
