import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildPets,
  MAKECODE_VERSIONS,
  makeCodeAvailability,
  NEWER_MAKECODE_VERSION,
  PETS_TS,
} from '../../../../packages/core/test/makecode/makecode-built-files.ts';
import { main } from '../main.ts';

const availability = await makeCodeAvailability();
const dir = mkdtempSync(join(tmpdir(), 'blockyard-unpack-makecode-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function unpack(file: string) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(['unpack', file, '-o', `${file}-files`], {
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    cwd: dir,
  });
  return { code, out: out.join(''), err: err.join('') };
}

describe.skipIf(!availability.ok)('blockyard unpack of files MakeCode built (issue 12)', () => {
  it.each(MAKECODE_VERSIONS)(
    'unpacks MakeCode %s .hex and .mkcd without a word of warning',
    async (version) => {
      const built = await buildPets(version);
      writeFileSync(join(dir, `${version}.hex`), built.universalHex, 'latin1');
      writeFileSync(join(dir, `${version}-v1.hex`), built.v1Hex, 'latin1');
      writeFileSync(join(dir, `${version}.mkcd`), built.mkcd);
      for (const file of [`${version}.hex`, `${version}-v1.hex`, `${version}.mkcd`]) {
        const result = await unpack(file);
        expect(result).toMatchObject({ code: 0, err: '' });
        expect(result.out).toContain('Unpacked "Pets"');
        expect(readFileSync(join(dir, `${file}-files`, 'main.ts'), 'utf8')).toBe(PETS_TS);
      }
    },
    240_000,
  );

  it('unpacks a file from a newer MakeCode, warning what may not work', async () => {
    const built = await buildPets(NEWER_MAKECODE_VERSION);
    writeFileSync(join(dir, 'newer.hex'), built.universalHex, 'latin1');
    const result = await unpack('newer.hex');
    expect(result.code).toBe(0);
    expect(result.err).toMatch(
      /^warning: "Pets" was made with MakeCode 10\.0\.3; Blockyard follows MakeCode 9\.1\.1\. It opened, but these may not work: blocks added after MakeCode 9\.\n$/,
    );
    expect(readFileSync(join(dir, 'newer.hex-files', 'main.ts'), 'utf8')).toBe(PETS_TS);
  }, 240_000);
});
