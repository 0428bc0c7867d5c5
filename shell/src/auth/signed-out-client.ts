/**
 * The QueryClient of the pages before sign-in (registration, a forgotten password): their writes
 * are mutations like every other (docs/architecture.md, Server data). They read nothing, so it
 * holds no data; the signed-in app's client is another, made with its layout.
 */
import { createQueryClient } from 'shared-ui/lib/query-client';

export const signedOutClient = createQueryClient();
