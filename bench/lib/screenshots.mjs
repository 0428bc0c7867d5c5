// Order screenshots for the bench's orders: each a different order of one layout (the seed's
// order screenshot: a dark bar, a title, the order's lines, a button), uploaded by the agent
// before the load, so that placing runs the screenshot check on an upload the hash finds like
// every other of the seed's (docs/domain.md, Fraud signals, "Two looks").
import sharp from 'sharp';

const NAMES = ['Ayesha', 'Bilal', 'Omar', 'Sana', 'Hamza', 'Zainab', 'Imran', 'Mariam', 'Usman', 'Hira', 'Faisal'];
const FAMILIES = ['Siddiqui', 'Chaudhry', 'Farooq', 'Malik', 'Qureshi', 'Hussain', 'Javed', 'Aslam', 'Raza', 'Khan'];

/** The i-th picture: its own order number, buyer and total. */
export function orderScreenshot(i) {
  const lines = [
    `Order # 9${String(i % 100).padStart(2, '0')}-${String((i * 7919) % 1e7).padStart(7, '0')}-${String(i).padStart(7, '0')}`,
    `Buyer: ${NAMES[i % NAMES.length]} ${FAMILIES[Math.floor(i / NAMES.length) % FAMILIES.length]}`,
    `Total: Rs ${(1000 + ((i * 37) % 9000)).toLocaleString('en-US')}`,
  ];
  const rows = lines
    .map(
      (line, n) =>
        `<text x="32" y="${150 + n * 34}" font-family="DejaVu Sans, sans-serif" font-size="18" fill="#333">${line}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="300"><rect width="480" height="300" fill="#fff"/>
<rect width="480" height="56" fill="#232f3e"/><text x="24" y="36" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="20" fill="#fff">ORDER</text>
<text x="32" y="106" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="24" fill="#111">Order placed</text>${rows}
<rect x="32" y="248" width="160" height="28" rx="6" fill="#f0c14b"/></svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
}

/** POST /api/uploads of `count` pictures from `first` on, a few at a time; their keys, in order. */
export async function uploadScreenshots(apiUrl, token, { first = 0, count, concurrency = 4 }) {
  const keys = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      const form = new FormData();
      form.append(
        'file',
        new Blob([new Uint8Array(await orderScreenshot(first + n))], { type: 'image/png' }),
        'order.png',
      );
      const response = await fetch(`${apiUrl}/api/uploads`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const body = await response.json();
      if (response.status !== 201) throw new Error(`an upload answered ${response.status}: ${body?.message}`);
      keys[n] = new URL(body.url).pathname.split('/').pop();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return keys;
}
