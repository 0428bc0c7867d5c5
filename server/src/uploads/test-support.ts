/** Test-only: small real images made in memory, and multipart requests carrying them. */
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import { injectAs, type TestIdentity } from '../test/helpers';
import type { ImageFormat } from './images';

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
