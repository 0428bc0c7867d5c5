// Runs the root drizzle-kit CLI with drizzle-orm resolved from this workspace: npm keeps
// drizzle-orm in server/node_modules, where drizzle-kit (hoisted to the root) cannot see it
// and stops with "Please install latest version of drizzle-orm".
// Usage: node scripts/drizzle-kit.mjs generate
import Module, { createRequire, register } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
// drizzle-kit require()s drizzle-orm (CommonJS: NODE_PATH applies) ...
process.env.NODE_PATH = [path.resolve(import.meta.dirname, '../node_modules'), process.env.NODE_PATH]
  .filter(Boolean)
  .join(path.delimiter);
Module._initPaths(); // Node's internal: re-read NODE_PATH
// ... and import()s drizzle-orm/version (ES modules: a resolve hook applies).
const parentURL = new URL('../package.json', import.meta.url).href;
const hook = `export async function resolve(s, c, next) {
  return next(s, s === 'drizzle-orm' || s.startsWith('drizzle-orm/') ? { ...c, parentURL: ${JSON.stringify(parentURL)} } : c);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
await import(path.join(path.dirname(require.resolve('drizzle-kit')), 'bin.cjs'));
