// Serves the production build of this remote: its standalone page and its federated entry
// (scripts/app-servers.mjs).
import { fileURLToPath } from 'node:url';
import { serveRemote } from '../scripts/app-servers.mjs';

serveRemote({
  name: 'remote-agent',
  root: fileURLToPath(new URL('./dist', import.meta.url)),
  port: Number(process.env.PORT ?? 3003),
  host: process.env.HOST,
});
