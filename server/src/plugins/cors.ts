/** Cross-origin calls only from the configured app origins, exposing the headers the screens read. */
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TOTAL_COUNT_HEADER } from 'shared-api/contract';

const TUS_EXPOSED_HEADERS = [
  'Location',
  'Upload-Offset',
  'Upload-Length',
  'Tus-Resumable',
  'Tus-Version',
  'Tus-Extension',
  'Tus-Max-Size',
];

async function corsPlugin(app: FastifyInstance, options: { origins: string[] }) {
  await app.register(cors, {
    origin: options.origins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // Content-Disposition: a download (Export CSV) is saved under the name the server gives it
    // Location, Upload-*, Tus-*: the uploads that resume (routes/uploads-resumable.ts) read them
    exposedHeaders: [TOTAL_COUNT_HEADER, 'Content-Disposition', ...TUS_EXPOSED_HEADERS],
    maxAge: 600,
    // an OPTIONS request that is not a CORS preflight gets an ordinary answer, not a text/plain 400
    strictPreflight: false,
  });
}

export default fp(corsPlugin, { name: 'cors' });
