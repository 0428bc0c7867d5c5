/**
 * The server's VAPID keys (RFC 8292), which sign every push message and which browsers subscribe
 * to (docs/domain.md, Push notifications): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or a pair
 * generated on first start into DATA_DIR, as the JWT secret is (../auth/tokens.ts). API processes
 * that do not share DATA_DIR must be given the same pair in the environment: a subscription made
 * with one process's public key is refused by the push service when another signs for it.
 */
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  /** base64url, the uncompressed P-256 point: the browsers' applicationServerKey */
  publicKey: string;
  /** base64url, 32 bytes */
  privateKey: string;
  /** mailto: or https: contact of the sender, sent to the push services */
  subject: string;
}

export const VAPID_FILE_NAME = 'vapid-keys.json';

/** The pair in `dataDir`, or a new one written there (another process that wrote it first wins). */
export function loadOrCreateVapidKeys(dataDir: string, subject: string): VapidKeys {
  const file = path.join(dataDir, VAPID_FILE_NAME);
  const read = (): VapidKeys => {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  };
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  try {
    fs.writeFileSync(file, `${JSON.stringify(keys)}\n`, { flag: 'wx', mode: 0o600 });
    return { ...keys, subject };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw error;
  }
}
