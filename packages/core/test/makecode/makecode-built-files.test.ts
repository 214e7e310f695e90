import { describe, expect, it } from 'vitest';
import { readProject, TARGET_VERSION } from '../../src/index.ts';
import { makecodeMkcd, makecodePng, makecodeUf2 } from '../fixtures/makecode-layout.ts';
import {
  buildPets,
  MAKECODE_VERSIONS,
  makeCodeAvailability,
  NEWER_MAKECODE_VERSION,
  PETS_TS,
} from './makecode-built-files.ts';

const availability = await makeCodeAvailability();
const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

describe.skipIf(!availability.ok)('project files MakeCode built, of several versions (issue 12)', () => {
  it.each(MAKECODE_VERSIONS)(
    'reads MakeCode %s .hex (universal and V1) and .mkcd without a warning',
    async (version) => {
      const built = await buildPets(version);
      for (const [bytes, fileName, format] of [
        [latin1(built.universalHex), 'microbit-Pets.hex', 'hex'],
        [latin1(built.v1Hex), 'microbit-Pets.hex', 'hex'],
        [built.mkcd, 'Pets.mkcd', 'mkcd'],
      ] as const) {
        const project = readProject(bytes, { fileName });
        expect(project.format).toBe(format);
        expect(project.name).toBe('Pets');
        expect(project.files['main.ts']).toBe(PETS_TS);
        const config = JSON.parse(project.files['pxt.json']!) as { targetVersions: { target: string } };
        expect(config.targetVersions.target).toBe(version);
        expect(project.editor).toBe('blocksprj');
        expect(project.warning).toBeUndefined();
      }
    },
    240_000,
  );

  it("reads .uf2 and .png (MakeCode's own .mkcd bytes in the image) carrying those projects", async () => {
    for (const version of MAKECODE_VERSIONS) {
      const { files, mkcd } = await buildPets(version);
      const uf2 = readProject(makecodeUf2({ files, name: 'Pets' }), { fileName: 'Pets.uf2' });
      const png = readProject(makecodePng(mkcd, 48, 36), { fileName: 'Pets.png' });
      for (const project of [uf2, png]) {
        expect(project.files['main.ts']).toBe(PETS_TS);
        expect(project.warning).toBeUndefined();
      }
    }
  }, 240_000);

  it('opens a file from a MakeCode newer than ours, with a warning naming what may not work', async () => {
    const built = await buildPets(NEWER_MAKECODE_VERSION);
    for (const bytes of [latin1(built.universalHex), built.mkcd, makecodeMkcd(built.files, 'Pets')]) {
      const project = readProject(bytes);
      expect(project.files['main.ts']).toBe(PETS_TS);
      expect(project.warning).toMatchObject({ required: NEWER_MAKECODE_VERSION, running: TARGET_VERSION });
      expect(project.warning?.message).toContain('blocks added after MakeCode 9');
    }
  }, 240_000);
});
