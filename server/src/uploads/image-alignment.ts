/**
 * Lining two detail pictures up before the second look compares them (docs/domain.md, Fraud
 * signals, "Two looks"): a copy with a border, shifted, cropped a little or rotated a degree is
 * the same page moved, which a comparison place by place would read as a different page
 * everywhere. This finds the affine map (shift, scale per side, rotation, shear) that takes one
 * picture's places to the other's, coarse to fine: the best whole-cell shift of the two shrunk to
 * 64 x 64, then Lucas-Kanade steps (inverse compositional: the new upload's gradients are worked
 * out once for all its comparisons), shift and scale at 64 cells a side, then the whole map at 64
 * and 128. Each step first fits the other picture's brightness and contrast to this one's (a
 * line), so a brighter copy does not pull the fit; only the middle of the pictures is read, where
 * no border, strip or filled corner lies. The map is only searched near "unchanged": a larger
 * move answers unchanged.
 *
 * Places are in units of half the picture's side, from its centre (-1 to 1 across), so one map
 * serves every size.
 */

/** u' = m[0] u + m[1] v + m[2], v' = m[3] u + m[4] v + m[5], places in half sides from the centre. */
export type AffineMap = Float64Array;

export const identityMap = (): AffineMap => Float64Array.of(1, 0, 0, 0, 1, 0);

/**
 * The fit, coarse to fine: at each level, the parameters it moves and its Lucas-Kanade steps at
 * most. Shift and scale first (a rotation of a degree moves a corner by half a cell at 64), then
 * the whole affine map.
 */
const STAGES = [
  { side: 64, parameters: [0, 3, 4, 5], steps: 8 },
  { side: 64, parameters: [0, 1, 2, 3, 4, 5], steps: 5 },
  { side: 128, parameters: [0, 1, 2, 3, 4, 5], steps: 4 },
] as const;
const SIDES = [64, 128] as const;
/** The whole-cell shifts tried at the coarsest level, each way: 3 of 64 cells, 5 % of a side. */
const COARSE_SHIFT = 3;
/**
 * The fit reads the picture inside this share of the half side from its centre: a border, the
 * strip a shift or a crop leaves, the corners a rotation fills, all lie outside it.
 */
const INNER = 0.9;
/** An error counts at most this many grey levels in a step, so a place that differs (another text, a border) pulls little. */
const LARGEST_ERROR = 48;
/**
 * A map the coarse levels leave moving no corner by more than this share of a cell of the
 * 256-cell detail picture is taken as unchanged without the finest level (image-detail.ts
 * resamples nothing below a quarter of a cell).
 */
const SETTLED_BEFORE_FINEST = 0.15;
/** A step moving no place by more than this share of a cell ends the steps at a level. */
const SETTLED = 0.03;

/**
 * The largest move searched: a map beyond it answers "unchanged" (the identity), so only light
 * edits are undone and two different pages of one layout stay where they were. In half sides: a
 * scale off by 8 %, a rotation of about 3 degrees, a shift of 8 % of the side.
 */
const LARGEST_LINEAR = 0.08;
const LARGEST_SHIFT = 0.16;

interface TemplateLevel {
  side: number;
  pixels: Float32Array;
  /** the six steepest-descent images, pixel by pixel: [Tu u, Tv u, Tu v, Tv v, Tu, Tv] */
  descent: Float32Array;
  /** the Gauss-Newton matrix (6 x 6, row by row) */
  hessian: Float64Array;
}

/** What the fit needs of the picture the others are brought onto, worked out once. */
export interface AlignmentTemplate {
  levels: TemplateLevel[];
}

/** The picture of `side` x `side` shrunk by two, each cell the mean of four. */
function halved(pixels: ArrayLike<number>, side: number): Float32Array {
  const half = side / 2;
  const out = new Float32Array(half * half);
  for (let y = 0; y < half; y++) {
    const top = 2 * y * side;
    const bottom = top + side;
    for (let x = 0; x < half; x++) {
      const left = 2 * x;
      out[y * half + x] =
        ((pixels[top + left] as number) +
          (pixels[top + left + 1] as number) +
          (pixels[bottom + left] as number) +
          (pixels[bottom + left + 1] as number)) /
        4;
    }
  }
  return out;
}

/** The picture at each level's side, keyed by side. */
function pyramid(pixels: ArrayLike<number>, side: number): Map<number, Float32Array> {
  const levels = new Map<number, Float32Array>();
  let current: ArrayLike<number> = pixels;
  let currentSide = side;
  const smallest = SIDES[0];
  while (currentSide > smallest) {
    const smaller = halved(current, currentSide);
    current = smaller;
    currentSide /= 2;
    levels.set(currentSide, smaller);
  }
  return levels;
}

/** The template of a picture of `side` x `side` grey levels. */
export function alignmentTemplate(pixels: Uint8Array, side: number): AlignmentTemplate {
  const levels = pyramid(pixels, side);
  return {
    levels: SIDES.map((levelSide) => templateLevel(levels.get(levelSide) as Float32Array, levelSide)),
  };
}

function templateLevel(pixels: Float32Array, side: number): TemplateLevel {
  const half = side / 2;
  const descent = new Float32Array(6 * side * side);
  const hessian = new Float64Array(36);
  for (let y = 0; y < side; y++) {
    const v = (y + 0.5 - half) / half;
    for (let x = 0; x < side; x++) {
      const u = (x + 0.5 - half) / half;
      const i = y * side + x;
      if (Math.abs(u) > INNER || Math.abs(v) > INNER) continue;
      // central differences (one-sided at the edges), in grey levels per half side
      const right = x + 1 < side ? (pixels[i + 1] as number) : (pixels[i] as number);
      const left = x > 0 ? (pixels[i - 1] as number) : (pixels[i] as number);
      const below = y + 1 < side ? (pixels[i + side] as number) : (pixels[i] as number);
      const above = y > 0 ? (pixels[i - side] as number) : (pixels[i] as number);
      const tu = ((right - left) / (x > 0 && x + 1 < side ? 2 : 1)) * half;
      const tv = ((below - above) / (y > 0 && y + 1 < side ? 2 : 1)) * half;
      const row = [tu * u, tv * u, tu * v, tv * v, tu, tv];
      for (let k = 0; k < 6; k++) {
        descent[6 * i + k] = row[k] as number;
        for (let l = 0; l < 6; l++)
          hessian[6 * k + l] = (hessian[6 * k + l] as number) + (row[k] as number) * (row[l] as number);
      }
    }
  }
  return { side, pixels, descent, hessian };
}

/** The inverse of an n x n matrix (Gauss-Jordan), or zeros when it has none (a picture without detail). */
function inverted(matrix: Float64Array, n: number): Float64Array {
  const a = Float64Array.from(matrix);
  const inverse = new Float64Array(n * n);
  for (let i = 0; i < n; i++) inverse[i * n + i] = 1;
  const scale = Math.max(...Array.from({ length: n }, (_, i) => Math.abs(a[i * n + i] as number)));
  for (let column = 0; column < n; column++) {
    let pivot = column;
    for (let row = column + 1; row < n; row++)
      if (Math.abs(a[row * n + column] as number) > Math.abs(a[pivot * n + column] as number)) pivot = row;
    const value = a[pivot * n + column] as number;
    if (!(Math.abs(value) > scale * 1e-12)) return new Float64Array(n * n);
    for (let k = 0; k < n; k++) {
      [a[column * n + k], a[pivot * n + k]] = [a[pivot * n + k] as number, a[column * n + k] as number];
      [inverse[column * n + k], inverse[pivot * n + k]] = [
        inverse[pivot * n + k] as number,
        inverse[column * n + k] as number,
      ];
    }
    for (let k = 0; k < n; k++) {
      a[column * n + k] = (a[column * n + k] as number) / value;
      inverse[column * n + k] = (inverse[column * n + k] as number) / value;
    }
    for (let row = 0; row < n; row++) {
      if (row === column) continue;
      const factor = a[row * n + column] as number;
      if (factor === 0) continue;
      for (let k = 0; k < n; k++) {
        a[row * n + k] = (a[row * n + k] as number) - factor * (a[column * n + k] as number);
        inverse[row * n + k] = (inverse[row * n + k] as number) - factor * (inverse[column * n + k] as number);
      }
    }
  }
  return inverse;
}

/** The map composed with the inverse of a small step (the inverse compositional update). */
function stepped(map: AffineMap, step: Float64Array): AffineMap {
  // the step as a map: [1 + p0, p2, p4; p1, 1 + p3, p5]
  const a = 1 + (step[0] as number);
  const b = step[2] as number;
  const c = step[1] as number;
  const d = 1 + (step[3] as number);
  const e = step[4] as number;
  const f = step[5] as number;
  const det = a * d - b * c;
  if (!(Math.abs(det) > 1e-9)) return map;
  // the inverse step
  const ia = d / det;
  const ib = -b / det;
  const ic = -c / det;
  const id = a / det;
  const ie = -(ia * e + ib * f);
  const iff = -(ic * e + id * f);
  const [m0, m1, m2, m3, m4, m5] = map as unknown as [number, number, number, number, number, number];
  return Float64Array.of(
    m0 * ia + m1 * ic,
    m0 * ib + m1 * id,
    m0 * ie + m1 * iff + m2,
    m3 * ia + m4 * ic,
    m3 * ib + m4 * id,
    m3 * ie + m4 * iff + m5,
  );
}

/** The picture's levels less their mean, over their spread (inside the part the fit reads). */
function standardised(pixels: Float32Array, side: number, first: number): Float32Array {
  let cells = 0;
  let sum = 0;
  let squares = 0;
  for (let y = first; y < side - first; y++) {
    for (let x = first; x < side - first; x++) {
      const value = pixels[y * side + x] as number;
      cells += 1;
      sum += value;
      squares += value * value;
    }
  }
  const mean = sum / cells;
  const spread = Math.sqrt(Math.max(squares / cells - mean * mean, 1));
  return pixels.map((value) => (value - mean) / spread);
}

/**
 * The best whole-cell shift of `other` onto the template at the coarsest level: the least mean
 * absolute difference, both pictures taken less their mean over their spread.
 */
function coarseShift(template: TemplateLevel, other: Float32Array): AffineMap {
  const { side } = template;
  const half = side / 2;
  const first = Math.ceil(half - INNER * half - 0.5);
  const own = standardised(template.pixels, side, first);
  const theirs = standardised(other, side, first);
  let best = Number.POSITIVE_INFINITY;
  let bestX = 0;
  let bestY = 0;
  for (let dy = -COARSE_SHIFT; dy <= COARSE_SHIFT; dy++) {
    for (let dx = -COARSE_SHIFT; dx <= COARSE_SHIFT; dx++) {
      let sum = 0;
      let count = 0;
      for (let y = Math.max(first, -dy); y < Math.min(side - first, side - dy); y++) {
        const row = y * side;
        const otherRow = (y + dy) * side + dx;
        for (let x = Math.max(first, -dx); x < Math.min(side - first, side - dx); x++) {
          sum += Math.abs((own[row + x] as number) - (theirs[otherRow + x] as number));
          count += 1;
        }
      }
      // a small preference for the smaller shift, so a picture with little detail stays put
      const score = sum / count + 0.001 * (Math.abs(dx) + Math.abs(dy));
      if (score < best) {
        best = score;
        bestX = dx;
        bestY = dy;
      }
    }
  }
  return Float64Array.of(1, 0, bestX / half, 0, 1, bestY / half);
}

/** Lucas-Kanade steps at one level from `map`, answering the map they settle on. */
function refine(
  template: TemplateLevel,
  other: Float32Array,
  start: AffineMap,
  parameters: readonly number[],
  steps: number,
): AffineMap {
  const { side, pixels, descent, hessian } = template;
  const n = parameters.length;
  const inverse = inverted(
    Float64Array.from(
      { length: n * n },
      (_, at) => hessian[6 * (parameters[Math.floor(at / n)] as number) + (parameters[at % n] as number)] as number,
    ),
    n,
  );
  const half = side / 2;
  const first = Math.ceil(half - INNER * half - 0.5);
  const sampled = new Float32Array(side * side);
  let map = start;
  const gradient = new Float64Array(6);
  const step = new Float64Array(6);
  for (let count = 0; count < steps; count++) {
    const [m0, m1, m2, m3, m4, m5] = map as unknown as [number, number, number, number, number, number];
    // the other picture at the places the map takes the template's to, and the line through
    // (its level, the template's) that best fits them: brightness and contrast, undone
    let cells = 0;
    let sumOther = 0;
    let sumOwn = 0;
    let sumOther2 = 0;
    let sumBoth = 0;
    for (let y = first; y < side - first; y++) {
      const v = (y + 0.5 - half) / half;
      for (let x = first; x < side - first; x++) {
        const u = (x + 0.5 - half) / half;
        const i = y * side + x;
        const px = (m0 * u + m1 * v + m2) * half + half - 0.5;
        const py = (m3 * u + m4 * v + m5) * half + half - 0.5;
        if (!(px >= 0 && py >= 0 && px <= side - 1 && py <= side - 1)) {
          sampled[i] = Number.NaN;
          continue;
        }
        const x0 = px < side - 1 ? Math.floor(px) : side - 2;
        const y0 = py < side - 1 ? Math.floor(py) : side - 2;
        const fx = px - x0;
        const fy = py - y0;
        const j = y0 * side + x0;
        const top = (other[j] as number) + fx * ((other[j + 1] as number) - (other[j] as number));
        const bottom =
          (other[j + side] as number) + fx * ((other[j + side + 1] as number) - (other[j + side] as number));
        const value = top + fy * (bottom - top);
        sampled[i] = value;
        const own = pixels[i] as number;
        cells += 1;
        sumOther += value;
        sumOwn += own;
        sumOther2 += value * value;
        sumBoth += value * own;
      }
    }
    if (cells === 0) break;
    const spread = sumOther2 - (sumOther * sumOther) / cells;
    const gain = spread > cells ? (sumBoth - (sumOther * sumOwn) / cells) / spread : 1;
    const offset = (sumOwn - gain * sumOther) / cells;
    // the six sums in locals: kept in registers, where a typed array's elements are not
    let g0 = 0;
    let g1 = 0;
    let g2 = 0;
    let g3 = 0;
    let g4 = 0;
    let g5 = 0;
    for (let y = first; y < side - first; y++) {
      for (let x = first; x < side - first; x++) {
        const i = y * side + x;
        const value = sampled[i] as number;
        if (Number.isNaN(value)) continue;
        const error = Math.max(-LARGEST_ERROR, Math.min(LARGEST_ERROR, gain * value + offset - (pixels[i] as number)));
        const at = 6 * i;
        g0 += (descent[at] as number) * error;
        g1 += (descent[at + 1] as number) * error;
        g2 += (descent[at + 2] as number) * error;
        g3 += (descent[at + 3] as number) * error;
        g4 += (descent[at + 4] as number) * error;
        g5 += (descent[at + 5] as number) * error;
      }
    }
    gradient.set([g0, g1, g2, g3, g4, g5]);
    step.fill(0);
    for (let k = 0; k < n; k++) {
      let sum = 0;
      for (let l = 0; l < n; l++) sum += (inverse[n * k + l] as number) * (gradient[parameters[l] as number] as number);
      step[parameters[k] as number] = sum;
    }
    map = stepped(map, step);
    // how far the step moved a corner, in cells of this level
    const moved =
      (Math.abs(step[0] as number) +
        Math.abs(step[1] as number) +
        Math.abs(step[2] as number) +
        Math.abs(step[3] as number) +
        Math.abs(step[4] as number) +
        Math.abs(step[5] as number)) *
      half;
    if (moved < SETTLED) break;
  }
  return map;
}

/** Whether a map stays within the light edits searched (LARGEST_LINEAR, LARGEST_SHIFT). */
export function isLightEdit(map: AffineMap): boolean {
  const [m0, m1, m2, m3, m4, m5] = map as unknown as [number, number, number, number, number, number];
  return (
    Math.abs(m0 - 1) <= LARGEST_LINEAR &&
    Math.abs(m4 - 1) <= LARGEST_LINEAR &&
    Math.abs(m1) <= LARGEST_LINEAR &&
    Math.abs(m3) <= LARGEST_LINEAR &&
    Math.abs(m2) <= LARGEST_SHIFT &&
    Math.abs(m5) <= LARGEST_SHIFT
  );
}

/**
 * The map taking the template's places to the other picture's (`pixels`, `side` x `side` grey
 * levels, its tones already matched to the template's): the identity when the fit leaves the
 * light edits searched or finds no detail to hold on to.
 */
export function alignTo(template: AlignmentTemplate, pixels: ArrayLike<number>, side: number): AffineMap {
  const levels = pyramid(pixels, side);
  const coarsest = template.levels[0] as TemplateLevel;
  let map = coarseShift(coarsest, levels.get(coarsest.side) as Float32Array);
  for (const { side: levelSide, parameters, steps } of STAGES) {
    // settled at a move too small to resample for (a different page of the layout): no finer look
    if (levelSide > SIDES[0] && largestMove(map, 256) < SETTLED_BEFORE_FINEST) return identityMap();
    const level = template.levels[SIDES.indexOf(levelSide)] as TemplateLevel;
    map = refine(level, levels.get(level.side) as Float32Array, map, parameters, steps);
  }
  return map.every(Number.isFinite) && isLightEdit(map) ? map : identityMap();
}

/** How far the map moves any corner of the picture, in cells of a picture of `side` cells. */
export function largestMove(map: AffineMap, side: number): number {
  const [m0, m1, m2, m3, m4, m5] = map as unknown as [number, number, number, number, number, number];
  let largest = 0;
  for (const u of [-1, 1]) {
    for (const v of [-1, 1]) {
      const du = m0 * u + m1 * v + m2 - u;
      const dv = m3 * u + m4 * v + m5 - v;
      largest = Math.max(largest, Math.abs(du), Math.abs(dv));
    }
  }
  return (largest * side) / 2;
}
