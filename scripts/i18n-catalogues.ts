/**
 * Production builds compile the apps' message catalogues (`src/locales/*.json`, ICU
 * MessageFormat) with Lingui's own compiler, so the pages carry no message parser
 * (docs/architecture.md, Languages). The dev server and the tests leave the JSON as it is:
 * Lingui compiles a message there when it is first read.
 */
import { readFileSync } from 'node:fs';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const CATALOGUE = /[\\/]src[\\/]locales[\\/][a-z]{2}\.json$/;

export function compiledCatalogues(): Plugin {
  return {
    name: 'compiled-catalogues',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (!CATALOGUE.test(id)) return undefined;
      const messages = JSON.parse(readFileSync(id, 'utf8')) as Record<string, string>;
      const compiled: Record<string, unknown> = {};
      for (const [key, message] of Object.entries(messages)) {
        try {
          // always the token array: a production Lingui warns on a plain string (it takes it for uncompiled)
          compiled[key] = compileMessageOrThrow(message);
        } catch (error) {
          this.error(`${id}: the message "${key}" is not valid ICU MessageFormat: ${(error as Error).message}`);
        }
      }
      return { code: `export default ${JSON.stringify(compiled)};`, map: null };
    },
  };
}
