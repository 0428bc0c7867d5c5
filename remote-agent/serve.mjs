// Serves the production build of this remote: its standalone page and its federated entry.
import { fileURLToPath } from 'node:url';
import { serveStatic } from '../scripts/serve-static.mjs';

serveStatic({
  name: 'remote-agent',
  root: fileURLToPath(new URL('./dist', import.meta.url)),
  port: Number(process.env.PORT ?? 3003),
  cors: true,
});
