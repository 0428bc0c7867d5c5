/**
 * Small real PNGs for the demo: product thumbnails (a coloured square with the product's
 * initials), mock screenshots, and mock ID cards, stored the way the uploads route stores them.
 */
import path from 'node:path';
import sharp from 'sharp';
import { newUploadKey } from '../uploads/images';
import type { ImageStore } from '../uploads/store';

/** Where public uploads live: DATA_DIR/uploads/<key>, served at /uploads/<key>. */
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

/** "Wireless Earbuds with ..." -> "WE"; words of letters only, at most two. */
export function initialsOf(name: string): string {
  const words = name.match(/\p{L}[\p{L}']*/gu) ?? [];
  const initials = words
    .filter((word) => word.length > 2 || words.length <= 2)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
  return initials || '?';
}

export function renderThumbnail(name: string, color: string, size = 256): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
  <rect width="${size}" height="${size}" fill="${escapeXml(color)}"/>
  <circle cx="${size * 0.82}" cy="${size * 0.18}" r="${size * 0.32}" fill="#ffffff" fill-opacity="0.12"/>
  <text x="50%" y="${size * 0.6}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold"
    font-size="${size * 0.36}" fill="#ffffff" text-anchor="middle">${escapeXml(initialsOf(name))}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
}

const SCREENSHOT_COLORS: Record<string, string> = {
  order: '#232f3e',
  review: '#007185',
  feedback: '#067d62',
  refund: '#003087',
};

export function renderScreenshot(kind: string, title: string, lines: readonly string[]): Promise<Buffer> {
  const width = 480;
  const height = 300;
  const rows = lines
    .map(
      (line, i) =>
        `<text x="32" y="${150 + i * 34}" font-family="DejaVu Sans, sans-serif" font-size="18" fill="#333">${escapeXml(line)}</text>`,
    )
    .join('\n');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="${width}" height="${height}" fill="#ffffff"/>
  <rect width="${width}" height="56" fill="${SCREENSHOT_COLORS[kind] ?? '#444444'}"/>
  <text x="24" y="36" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="20" fill="#ffffff">${escapeXml(kind.toUpperCase())}</text>
  <text x="32" y="106" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="24" fill="#111">${escapeXml(title)}</text>
  ${rows}
  <rect x="32" y="${height - 52}" width="160" height="28" rx="6" fill="#f0c14b"/>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
}

/** A mock national ID card, marked as a demo so it cannot pass for a real one. */
export function renderCnic(side: 'front' | 'back', name: string, cnicNumber: string): Promise<Buffer> {
  const width = 428;
  const height = 270;
  const text = (x: number, y: number, size: number, content: string, extra = '') =>
    `<text x="${x}" y="${y}" font-family="DejaVu Sans, sans-serif" font-size="${size}" fill="#10381f" ${extra}>${escapeXml(content)}</text>`;
  const body =
    side === 'front'
      ? [
          '<rect x="24" y="70" width="96" height="120" rx="6" fill="#b9d3c0"/>',
          '<circle cx="72" cy="112" r="22" fill="#8fb39a"/>',
          '<rect x="40" y="140" width="64" height="40" rx="20" fill="#8fb39a"/>',
          text(140, 92, 13, 'Name'),
          text(140, 114, 18, name, 'font-weight="bold"'),
          text(140, 146, 13, 'Country of stay: Pakistan'),
          text(140, 178, 13, 'Identity number'),
          text(140, 200, 18, cnicNumber, 'font-weight="bold"'),
        ]
      : [
          text(24, 96, 14, 'Address: demo data, not a real card'),
          '<rect x="24" y="120" width="380" height="56" fill="#10381f" fill-opacity="0.85"/>',
          text(24, 206, 14, cnicNumber),
          '<rect x="300" y="190" width="100" height="56" fill="#ffffff" stroke="#10381f"/>',
        ];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="${width}" height="${height}" rx="14" fill="#dcebdc"/>
  <rect width="${width}" height="48" rx="14" fill="#1e6b3a"/>
  <text x="24" y="31" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="15" fill="#ffffff">NATIONAL IDENTITY CARD (${side.toUpperCase()})</text>
  ${body.join('\n  ')}
  <text x="${width / 2}" y="${height - 12}" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="22"
    fill="#c0392b" fill-opacity="0.7" text-anchor="middle">DEMO SPECIMEN</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
}

export interface WrittenImage {
  /** the upload key (32 hex characters + .png), what image fields keep */
  key: string;
  sizeBytes: number;
  private: boolean;
}

/**
 * Stores a PNG as POST /api/uploads would, in the image store: public ones are served at
 * /uploads/<key>, private ones (CNIC, order screenshots) through signed links.
 */
export async function writeImage(store: ImageStore, png: Buffer, isPrivate = false): Promise<WrittenImage> {
  const key = newUploadKey('png');
  await store.write(key, isPrivate, png);
  return { key, sizeBytes: png.length, private: isPrivate };
}
