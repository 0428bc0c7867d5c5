// Makes the app icons of shell/public/manifest.webmanifest from favicon.svg (run once, after the
// favicon changes: `node shell/make-app-icons.mjs`; the PNGs are committed). The maskable one
// fills the square with the favicon's colour and keeps the mark inside the middle 60 %, the safe
// zone a launcher's mask never cuts.
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';

const here = (path) => new URL(path, import.meta.url);
const favicon = await readFile(here('./public/favicon.svg'));
const mark = (await readFile(here('./public/favicon.svg'), 'utf8')).match(/<path[^>]*\/>/)?.[0];
if (!mark) throw new Error('favicon.svg has no <path> to put on the maskable icon');
const maskable = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#3b5bdb"/><g transform="translate(16 16) scale(0.62) translate(-16 -16)">${mark}</g></svg>`,
);

for (const size of [192, 512]) {
  await sharp(favicon, { density: 72 * (size / 32) })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(new URL(`./public/icons/icon-${size}.png`, import.meta.url).pathname);
}
await sharp(maskable, { density: 72 * 16 })
  .resize(512, 512)
  .png({ compressionLevel: 9, palette: true })
  .toFile(new URL('./public/icons/maskable-512.png', import.meta.url).pathname);
