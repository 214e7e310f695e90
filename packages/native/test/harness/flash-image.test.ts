import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkVariant } from '../../src/image/link-variant.ts';
import { writeUniversalHex, writeVariantHex } from '../../src/image/device-files.ts';
import { projectSource } from '../../src/image/device-build.ts';
import { testFirmwareStore } from '../support/node-firmware.ts';
import { tinyProgram } from '../support/tiny-program.ts';
import { v1FlashImage, V1_FLASH_SIZE } from './flash-image.ts';

const SREC_CAT = '/usr/bin/srec_cat';

describe('v1FlashImage', () => {
  it.skipIf(!existsSync(SREC_CAT))('equals what srec_cat makes of the same .hex (source records removed)', async () => {
    const store = testFirmwareStore();
    const v1 = linkVariant(await store.get('v1'), tinyProgram());
    const hex = writeVariantHex(v1, projectSource({ 'main.ts': 'basic.showNumber(1)' }));
    const dir = mkdtempSync(join(tmpdir(), 'blockyard-srec-'));
    try {
      const clean = hex
        .split('\n')
        .filter((l) => !/^:......0E/.test(l))
        .join('\n');
      writeFileSync(join(dir, 'in.hex'), clean);
      execFileSync(SREC_CAT, [
        join(dir, 'in.hex'),
        '-intel',
        '-crop',
        '0',
        '0x40000',
        '-fill',
        '0xFF',
        '0',
        '0x40000',
        '-o',
        join(dir, 'out.bin'),
        '-binary',
      ]);
      const expected = new Uint8Array(readFileSync(join(dir, 'out.bin')));
      expect(Buffer.compare(v1FlashImage(hex), expected)).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes the V1 section of a Universal Hex', async () => {
    const store = testFirmwareStore();
    const v1 = linkVariant(await store.get('v1'), tinyProgram());
    const v2 = linkVariant(await store.get('v2'), tinyProgram());
    const flash = v1FlashImage(writeUniversalHex(v1, v2));
    expect(flash.length).toBe(V1_FLASH_SIZE);
    expect(Buffer.compare(flash, v1FlashImage(writeVariantHex(v1)))).toBe(0);
  });
});
