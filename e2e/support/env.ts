/** Where the e2e run keeps its servers' state and which ports and sign-ins it uses. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const STATE_DIR = path.join(ROOT, 'e2e', '.state');
export const STATE_FILE = path.join(STATE_DIR, 'servers.json');
export const RUNTIME_CONFIG_FILE = path.join(STATE_DIR, 'runtime-config.json');
/** The remotes' releases the shell's server serves under /releases/ (scripts/releases/). */
export const RELEASES_DIR = path.join(STATE_DIR, 'releases');

export const ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password' };

export const PORTS = { api: 8000, shell: 3000, admin: 3001, manager: 3002, agent: 3003 } as const;
export type ServerName = keyof typeof PORTS;

/** The SMTP server of the password reset journey (support/mail.ts); the API's SMTP_URL names it. */
export const MAIL_PORT = 2526;

export const SHELL_URL = `http://localhost:${PORTS.shell}`;
export const API_URL = `http://localhost:${PORTS.api}`;
export const remoteOrigin = (name: 'admin' | 'manager' | 'agent', port: number = PORTS[name]) =>
  `http://localhost:${port}`;
