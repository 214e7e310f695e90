import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '..', 'src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

/** Where a driver may be spoken to directly: opening connections and the PGlite dialect itself. */
const driverFiles = new Set(['database/index.ts', 'database/pglite-dialect.ts']);

describe('SQL is built only through Kysely', () => {
  const files = sources(src).map((path) => ({ path: relative(src, path), text: readFileSync(path, 'utf8') }));

  it('sends no query to a driver directly outside the database module', () => {
    const offenders = files.filter(
      ({ path, text }) =>
        !driverFiles.has(path) && /\.query\s*\(|\.exec\s*\(\s*['"`]|CompiledQuery\.raw|new (Pool|Client)\(/.test(text),
    );
    expect(offenders.map((f) => f.path)).toEqual([]);
  });

  it('never splices text into SQL (no sql.raw or sql.lit, no string-built statements)', () => {
    const offenders = files.filter(({ text }) =>
      /sql\.(raw|lit)\(|sql\.id\(|['"`]\s*(select|insert|update|delete)\s[^'"`]*['"`]\s*\+/i.test(text),
    );
    expect(offenders.map((f) => f.path)).toEqual([]);
  });

  it('uses the sql tag only with bound values, never with ${…} inside a string literal', () => {
    const offenders = files.filter(({ text }) => /sql`[^`]*'\$\{/.test(text));
    expect(offenders.map((f) => f.path)).toEqual([]);
  });
});
