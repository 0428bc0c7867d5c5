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
