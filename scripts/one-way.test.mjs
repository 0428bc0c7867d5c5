import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const scripts = path.dirname(fileURLToPath(import.meta.url));
const bench = path.resolve(scripts, '..', 'bench');

/** Every source file under scripts/. */
function sources(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(file);
    return /\.(m?js|ts)$/.test(entry.name) ? [file] : [];
  });
}

describe('the tools import one way', () => {
  it('nothing in scripts/ imports from bench/ (what both need lives in scripts/lib/)', () => {
    const found = [];
    for (const file of sources(scripts)) {
      const text = fs.readFileSync(file, 'utf8');
      for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
        if (!specifier.startsWith('.')) continue;
        const target = path.resolve(path.dirname(file), specifier);
        if (target === bench || target.startsWith(`${bench}${path.sep}`)) {
          found.push(`${path.relative(scripts, file)} imports ${specifier}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
