import { describe, expect, it } from 'vitest';
import { FIRMWARE_FOLDER, firmwarePlugin } from './firmware-plugin.ts';

describe('firmwarePlugin', () => {
  it('emits the four firmware images and their notice under firmware/', () => {
    const emitted = new Map<string, Uint8Array>();
    const context = {
      emitFile: (file: { fileName: string; source: Uint8Array }) => emitted.set(file.fileName, file.source),
    };
    (firmwarePlugin().generateBundle as (this: unknown) => void).call(context);
    const images = [...emitted.keys()].filter((n) => /^firmware\/[0-9a-f]{64}\.hex$/.test(n));
    expect(images).toHaveLength(4);
    for (const name of images) {
      // Intel HEX holding the runtime's function table marker.
      const text = new TextDecoder().decode(emitted.get(name));
      expect(text.startsWith(':')).toBe(true);
      expect(text).toContain('0108010842424242010801083ED8E98D');
    }
    expect(new TextDecoder().decode(emitted.get(`${FIRMWARE_FOLDER}/NOTICE.md`))).toMatch(/SoftDevice/);
  });
});
