/** Test-only: small real images made in memory, and multipart requests carrying them. */
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp, { type Sharp } from 'sharp';
import type { ImageFormat } from '../uploads/images';
import { injectAs, type TestIdentity } from './helpers';

export async function makeImage(
  format: ImageFormat,
  options: { width?: number; height?: number; exif?: Record<string, Record<string, string>> } = {},
): Promise<Buffer> {
  const { width = 8, height = 6 } = options;
  let image = sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } });
  if (options.exif) image = image.withExif(options.exif);
  return image.toFormat(format).toBuffer();
}

export interface FormFile {
  field?: string;
  data: Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data request (serialised by the platform's own FormData). */
export async function multipartRequest(
  url: string,
  { files = [], fields = {} }: { files?: FormFile[]; fields?: Record<string, string> },
): Promise<InjectOptions> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(
      file.field ?? 'file',
      new Blob([new Uint8Array(file.data)], { type: file.contentType ?? 'application/octet-stream' }),
      file.filename ?? 'image',
    );
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    method: 'POST',
    url,
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  };
}

/** Uploads a CNIC image as registration does (no token) and returns its URL. */
export async function uploadCnicImage(app: FastifyInstance, format: ImageFormat = 'jpeg'): Promise<string> {
  const res = await app.inject(
    await multipartRequest('/api/uploads', {
      fields: { purpose: 'cnic' },
      files: [{ data: await makeImage(format), filename: `cnic.${format}`, contentType: `image/${format}` }],
    }),
  );
  if (res.statusCode !== 201) throw new Error(`CNIC upload failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { url: string }).url;
}

/** Uploads an image as a signed-in user would (the forms do) and returns the signed link the API answers. */
export async function uploadImageAs(
  app: FastifyInstance,
  who: TestIdentity,
  format: ImageFormat = 'png',
): Promise<string> {
  const res = await injectAs(
    app,
    who,
    await multipartRequest('/api/uploads', {
      files: [{ data: await makeImage(format), filename: `shot.${format}`, contentType: `image/${format}` }],
    }),
  );
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { url: string }).url;
}

/** The upload key a link names (public or private, signed or not). */
export const keyOfLink = (url: string) => {
  const { pathname } = new URL(url);
  return pathname.slice(pathname.lastIndexOf('/') + 1);
};

/** The path part of an absolute URL the API returned (what app.inject needs). */
export const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** What differs between two order confirmation pages of one shop (orderPage). */
export interface OrderPageText {
  number: string;
  buyer: string;
  street: string;
  city: string;
  date: string;
  total: string;
}

export const ORDER_PAGE_TEXTS: readonly OrderPageText[] = [
  {
    number: '112-4417720-9081123',
    buyer: 'Ayesha Siddiqui',
    street: '14 Canal View',
    city: 'Lahore',
    date: '3 November 2026',
    total: '24.99',
  },
  {
    number: '114-0093412-5562018',
    buyer: 'Bilal Chaudhry',
    street: '231 Main Boulevard',
    city: 'Karachi',
    date: '17 November 2026',
    total: '31.50',
  },
  {
    number: '113-7781203-4409987',
    buyer: 'Omar Farooq',
    street: '7 Park Lane',
    city: 'Islamabad',
    date: '9 October 2026',
    total: '18.75',
  },
  {
    number: '111-2209988-1034456',
    buyer: 'Sana Malik',
    street: '88 Mall Road',
    city: 'Multan',
    date: '21 November 2026',
    total: '42.10',
  },
  {
    number: '115-6650471-2230984',
    buyer: 'Hamza Qureshi',
    street: '5 Garden Town',
    city: 'Faisalabad',
    date: '2 December 2026',
    total: '12.00',
  },
  {
    number: '116-3318845-7712306',
    buyer: 'Zainab Hussain',
    street: '402 Clifton Block 4',
    city: 'Peshawar',
    date: '28 October 2026',
    total: '57.35',
  },
  {
    number: '117-9902214-3385170',
    buyer: 'Imran Javed',
    street: '61 Satellite Town',
    city: 'Rawalpindi',
    date: '11 November 2026',
    total: '9.99',
  },
  {
    number: '118-4456093-6627741',
    buyer: 'Mariam Aslam',
    street: '19 Cantt Road',
    city: 'Sialkot',
    date: '6 November 2026',
    total: '73.80',
  },
];

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

/**
 * A 1280 x 900 order confirmation page, as PNG: one shop's layout (bars, boxes, the product's
 * picture and title, the labels), with this order's number, buyer, address, date and total.
 * Pages of other texts are the same picture to the perceptual hash, not to the second look.
 */
export function orderPage(text: OrderPageText): Promise<Buffer> {
  const t = (x: number, y: number, size: number, content: string, bold = false) =>
    `<text x="${x}" y="${y}" font-family="DejaVu Sans, sans-serif" font-size="${size}" fill="#111"${bold ? ' font-weight="bold"' : ''}>${escapeXml(content)}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="900">
  <rect width="1280" height="900" fill="#fff"/><rect width="1280" height="60" fill="#131921"/>
  <rect x="20" y="15" width="100" height="30" fill="#ff9900"/><rect x="300" y="12" width="600" height="36" fill="#fff"/>
  ${t(60, 120, 28, 'Order Details', true)}${t(60, 160, 15, `Ordered on ${text.date}   Order# ${text.number}`)}
  <rect x="60" y="190" width="1160" height="200" fill="none" stroke="#ddd"/>
  ${t(80, 230, 15, 'Shipping Address', true)}${t(80, 255, 14, text.buyer)}${t(80, 275, 14, text.street)}${t(80, 295, 14, text.city)}
  ${t(500, 230, 15, 'Payment Method', true)}${t(500, 255, 14, 'Visa ending in 4242')}
  ${t(900, 230, 15, 'Order Summary', true)}${t(900, 255, 14, `Item(s) Subtotal: $${text.total}`)}${t(900, 295, 14, `Grand Total: $${text.total}`, true)}
  <rect x="60" y="420" width="1160" height="300" fill="none" stroke="#ddd"/>
  ${t(80, 460, 18, `Delivered ${text.date}`, true)}<rect x="80" y="490" width="120" height="120" fill="#7a9cc6"/>
  ${t(220, 510, 15, 'Wireless Earbuds Bluetooth 5.3 with Charging Case')}${t(220, 535, 13, 'Sold by: Example Store')}
  <rect x="1000" y="490" width="200" height="30" rx="8" fill="#ffd814"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The same picture saved again: resized to this width, in this format and quality. */
export const savedAgain = (image: Buffer, width: number, format: 'jpeg' | 'webp' | 'png', quality = 60) =>
  sharp(image)
    .resize(width)
    .toFormat(format, format === 'png' ? {} : { quality })
    .toBuffer();

/** A random number generator from a seed (mulberry32): the same corpus on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST_NAMES = [
  'Ayesha',
  'Bilal',
  'Omar',
  'Sana',
  'Hamza',
  'Zainab',
  'Imran',
  'Mariam',
  'Usman',
  'Hira',
  'Faisal',
];
const FAMILY_NAMES = [
  'Siddiqui',
  'Chaudhry',
  'Farooq',
  'Malik',
  'Qureshi',
  'Hussain',
  'Javed',
  'Aslam',
  'Raza',
  'Khan',
];
const STREETS = [
  'Canal View',
  'Main Boulevard',
  'Park Lane',
  'Mall Road',
  'Garden Town',
  'Clifton Block 4',
  'Cantt Road',
];
const CITIES = ['Lahore', 'Karachi', 'Islamabad', 'Multan', 'Faisalabad', 'Peshawar', 'Rawalpindi', 'Sialkot'];
const MONTHS = ['September', 'October', 'November', 'December'];

/** Another order of a shop: its own number, buyer, address, date and total. */
export function randomOrderText(random: () => number): OrderPageText {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const digits = (count: number) => Array.from({ length: count }, () => Math.floor(random() * 10)).join('');
  return {
    number: `1${digits(2)}-${digits(7)}-${digits(7)}`,
    buyer: `${pick(FIRST_NAMES)} ${pick(FAMILY_NAMES)}`,
    street: `${1 + Math.floor(random() * 400)} ${pick(STREETS)}`,
    city: pick(CITIES),
    date: `${1 + Math.floor(random() * 28)} ${pick(MONTHS)} 2026`,
    total: `${1 + Math.floor(random() * 90)}.${digits(2)}`,
  };
}

/** The shops whose order pages shopOrderPage draws: each its own colours and placing. */
export const SHOP_LAYOUTS = [
  { bar: '#131921', logo: '#ff9900', button: '#ffd814', picture: '#7a9cc6', left: 40 },
  { bar: '#2b3a55', logo: '#e74c3c', button: '#f5c518', picture: '#6aa57a', left: 56 },
  { bar: '#0f5132', logo: '#ffffff', button: '#ffc439', picture: '#b07d62', left: 32 },
] as const;

/**
 * A 900 x 600 order page of one of SHOP_LAYOUTS, as PNG, with this order's number, buyer,
 * address, date and total, in the 12-20 px type of a page seen at its own size.
 */
export function shopOrderPage(text: OrderPageText, shop: number): Promise<Buffer> {
  const layout = SHOP_LAYOUTS[shop % SHOP_LAYOUTS.length] as (typeof SHOP_LAYOUTS)[number];
  const x = layout.left;
  const t = (left: number, y: number, size: number, content: string, bold = false) =>
    `<text x="${left}" y="${y}" font-family="DejaVu Sans, sans-serif" font-size="${size}" fill="#111"${bold ? ' font-weight="bold"' : ''}>${escapeXml(content)}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600">
  <rect width="900" height="600" fill="#fff"/><rect width="900" height="46" fill="${layout.bar}"/>
  <rect x="14" y="11" width="76" height="24" fill="${layout.logo}"/><rect x="220" y="9" width="420" height="28" fill="#fff"/>
  ${t(x, 86, 22, 'Order Details', true)}${t(x, 114, 13, `Ordered on ${text.date}   Order# ${text.number}`)}
  <rect x="${x}" y="132" width="${860 - x}" height="150" fill="none" stroke="#ccc"/>
  ${t(x + 16, 160, 13, 'Shipping Address', true)}${t(x + 16, 182, 13, text.buyer)}${t(x + 16, 201, 13, text.street)}${t(x + 16, 220, 13, text.city)}
  ${t(x + 300, 160, 13, 'Payment Method', true)}${t(x + 300, 182, 13, 'Visa ending in 4242')}
  ${t(x + 570, 160, 13, 'Order Summary', true)}${t(x + 570, 182, 12, `Item(s) Subtotal: $${text.total}`)}${t(x + 570, 214, 13, `Grand Total: $${text.total}`, true)}
  <rect x="${x}" y="300" width="${860 - x}" height="220" fill="none" stroke="#ccc"/>
  ${t(x + 16, 330, 16, `Delivered ${text.date}`, true)}<rect x="${x + 16}" y="350" width="90" height="90" fill="${layout.picture}"/>
  ${t(x + 124, 366, 13, 'Wireless Earbuds Bluetooth 5.3 with Charging Case')}${t(x + 124, 386, 12, 'Sold by: Example Store')}
  <rect x="${x + 620}" y="350" width="${200 - x}" height="26" rx="6" fill="${layout.button}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** One light edit of a picture, named with its size (for the test's report). */
export interface LightEdit {
  name: string;
  apply: (image: Buffer) => Promise<Buffer>;
}

const EDIT_FILLS = ['#ffffff', '#000000', '#808080', '#f2f2f2', '#1a1a1a'];
const sizeOf = async (image: Buffer) => {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  return { width, height };
};
const png = (image: Sharp) => image.png().toBuffer();

/**
 * A random handful of the light edits a copied screenshot may have, each at half to all of its
 * size: a border of up to 4 px, 10 % brighter or darker (or 25 grey levels), shifted by up to
 * 1 % each way (the strip left filled), up to 3 % cropped off its sides, rotated by up to a
 * degree (the corners filled, the size kept or grown); then often scaled (0.6x-1.25x) and
 * saved as JPEG (quality 40-90) or PNG. At least one of the five first.
 */
export function randomLightEdits(random: () => number): LightEdit[] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const size = () => 0.5 + 0.5 * random();
  const sign = () => (random() < 0.5 ? -1 : 1);
  const kinds: Array<() => LightEdit> = [
    () => {
      const px = Math.max(1, Math.round(4 * size()));
      const fill = pick(EDIT_FILLS);
      return {
        name: `border ${px} px ${fill}`,
        apply: (image) => png(sharp(image).extend({ top: px, bottom: px, left: px, right: px, background: fill })),
      };
    },
    () => {
      if (random() < 0.5) {
        const factor = 1 + sign() * 0.1 * size();
        return {
          name: `brightness x${factor.toFixed(3)}`,
          apply: (image) => png(sharp(image).modulate({ brightness: factor })),
        };
      }
      const offset = Math.round(sign() * 25 * size());
      return {
        name: `brightness ${offset > 0 ? '+' : ''}${offset}`,
        apply: (image) => png(sharp(image).linear(1, offset)),
      };
    },
    () => {
      const across = random() < 0.7 ? sign() * 0.01 * size() : 0;
      const down = across === 0 || random() < 0.7 ? sign() * 0.01 * size() : 0;
      const fill = pick(EDIT_FILLS);
      return {
        name: `shifted ${(100 * across).toFixed(2)} % ${(100 * down).toFixed(2)} %`,
        apply: async (image) => {
          const { width, height } = await sizeOf(image);
          const dx = Math.round(across * width);
          const dy = Math.round(down * height);
          const moved = await png(
            sharp(image).extend({
              left: Math.max(dx, 0),
              right: Math.max(-dx, 0),
              top: Math.max(dy, 0),
              bottom: Math.max(-dy, 0),
              background: fill,
            }),
          );
          return png(sharp(moved).extract({ left: Math.max(-dx, 0), top: Math.max(-dy, 0), width, height }));
        },
      };
    },
    () => {
      // up to 3 % of the width and of the height, shared at random between the two sides
      const across = 0.03 * size();
      const down = 0.03 * size();
      const left = random();
      const top = random();
      return {
        name: `cropped ${(100 * across).toFixed(1)} % x ${(100 * down).toFixed(1)} %`,
        apply: async (image) => {
          const { width, height } = await sizeOf(image);
          const cutX = Math.round(across * width);
          const cutY = Math.round(down * height);
          const x = Math.round(left * cutX);
          const y = Math.round(top * cutY);
          return png(sharp(image).extract({ left: x, top: y, width: width - cutX, height: height - cutY }));
        },
      };
    },
    () => {
      const degrees = sign() * size();
      const fill = pick(EDIT_FILLS);
      const keepSize = random() < 0.5;
      return {
        name: `rotated ${degrees.toFixed(2)} deg${keepSize ? ', size kept' : ''}`,
        apply: async (image) => {
          const { width, height } = await sizeOf(image);
          const rotated = await png(sharp(image).rotate(degrees, { background: fill }));
          if (!keepSize) return rotated;
          const turned = await sizeOf(rotated);
          return png(
            sharp(rotated).extract({
              left: Math.floor((turned.width - width) / 2),
              top: Math.floor((turned.height - height) / 2),
              width,
              height,
            }),
          );
        },
      };
    },
  ];
  const edits = kinds.filter(() => random() < 0.5).map((make) => make());
  if (edits.length === 0) edits.push(pick(kinds)());
  for (let i = edits.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [edits[i], edits[j]] = [edits[j] as LightEdit, edits[i] as LightEdit];
  }
  if (random() < 0.7) {
    const factor = 0.6 + 0.65 * random();
    edits.push({
      name: `scaled x${factor.toFixed(2)}`,
      apply: async (image) => png(sharp(image).resize(Math.round((await sizeOf(image)).width * factor))),
    });
  }
  if (random() < 0.8) {
    const quality = 40 + Math.floor(50 * random());
    edits.push({ name: `JPEG ${quality}`, apply: (image) => sharp(image).jpeg({ quality }).toBuffer() });
  }
  return edits;
}

/** The picture with each edit in turn. */
export async function edited(image: Buffer, edits: readonly LightEdit[]): Promise<Buffer> {
  let result = image;
  for (const edit of edits) result = await edit.apply(result);
  return result;
}
