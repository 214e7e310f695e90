// Import of project files MakeCode itself built (issue 12): every version up to ours opens as is;
// a newer one opens too, with the warning the home screen shows.
import { describe, expect, it } from 'vitest';
import { readProjectBytes } from './read-project-bytes.ts';

/** What the shared fixtures module gives (it runs MakeCode with Node APIs this app's types leave out). */
interface MakeCodeFixtures {
  makeCodeAvailability: () => Promise<{ ok: boolean }>;
  buildPets: (version: string) => Promise<{ universalHex: string; v1Hex: string; mkcd: Uint8Array }>;
  MAKECODE_VERSIONS: readonly string[];
  NEWER_MAKECODE_VERSION: string;
  PETS_TS: string;
}
const here = (import.meta as { dirname?: string }).dirname ?? '';
const fixturesModule = `${here}/../../../../../packages/core/test/makecode/makecode-built-files.ts`;
const { buildPets, MAKECODE_VERSIONS, makeCodeAvailability, NEWER_MAKECODE_VERSION, PETS_TS } = (await import(
  /* @vite-ignore */ fixturesModule
)) as MakeCodeFixtures;
const availability = await makeCodeAvailability();
const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const fileOf = (name: string, bytes: Uint8Array) => ({ name, bytes });
const importProjectFile = (file: { name: string; bytes: Uint8Array }) =>
  Promise.resolve(readProjectBytes(file.name, file.bytes));

describe.skipIf(!availability.ok)('Import of files MakeCode built', () => {
  it.each(MAKECODE_VERSIONS)(
    'imports MakeCode %s .hex and .mkcd',
    async (version) => {
      const built = await buildPets(version);
      for (const file of [fileOf('microbit-Pets.hex', latin1(built.universalHex)), fileOf('Pets.mkcd', built.mkcd)]) {
        const result = await importProjectFile(file);
        if (!result.ok) throw new Error(`not imported: ${result.problem}`);
        expect(result.projects.map((p) => [p.name, p.files['main.ts']])).toEqual([['Pets', PETS_TS]]);
        expect(result.newer).toBeUndefined();
      }
    },
    240_000,
  );

  it('imports a newer MakeCode file, with what may not work', async () => {
    const built = await buildPets(NEWER_MAKECODE_VERSION);
    const result = await importProjectFile(fileOf('microbit-Pets.hex', latin1(built.v1Hex)));
    if (!result.ok) throw new Error(`not imported: ${result.problem}`);
    expect(result.projects[0]?.files['main.ts']).toBe(PETS_TS);
    expect(result.newer).toMatchObject({
      required: NEWER_MAKECODE_VERSION,
      mayNotWork: ['blocks added after MakeCode 9'],
    });
  }, 240_000);
});
