/**
 * Production builds compile the apps' message catalogues (`src/locales/*.json`, ICU
 * MessageFormat) with Lingui's own compiler, so the pages carry no message parser
 * (docs/architecture.md, Languages). The dev server and the tests leave the JSON as it is:
 * Lingui compiles a message there when it is first read.
 */
import { readFileSync } from 'node:fs';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/** `src/locales/en.json`, or a namespace's own in a folder of its own (`src/locales/language/en.json`) */
const CATALOGUE = /[\\/]src[\\/]locales[\\/](?:[a-z-]+[\\/])?[a-z]{2}\.json$/;
/** A compiled catalogue's module id: not `.json`, so Vite's own JSON plugin leaves it alone. */
const COMPILED = '\0compiled-catalogue:';

export function compiledCatalogues(): Plugin {
  return {
    name: 'compiled-catalogues',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !source.endsWith('.json')) return undefined;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && CATALOGUE.test(resolved.id) ? `${COMPILED}${resolved.id}.js` : undefined;
    },
    load(id) {
      if (!id.startsWith(COMPILED)) return undefined;
      const file = id.slice(COMPILED.length, -'.js'.length);
      const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const compiled: Record<string, unknown> = {};
      for (const [key, message] of Object.entries(messages)) {
        try {
          // always the token array: a production Lingui warns on a plain string (it takes it for uncompiled)
          compiled[key] = compileMessageOrThrow(message);
        } catch (error) {
          this.error(`${file}: the message "${key}" is not valid ICU MessageFormat: ${(error as Error).message}`);
        }
      }
      return { code: `export default ${JSON.stringify(compiled)};`, map: null };
    },
  };
}
