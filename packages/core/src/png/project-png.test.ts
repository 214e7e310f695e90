import { describe, expect, it } from 'vitest';
import { makecodeDir, readBaseline, sampleProject } from '../../test/fixtures/baselines.ts';
import { dataUrlLength } from '../formats/base64.ts';
import { messageOf } from '../../test/fixtures/format-error-message.ts';
import { decodePng } from './png-codec.ts';
import { readProjectPng, writeProjectPng, writeProjectPngAsync } from './project-png.ts';
import { createImage } from './rgba-image.ts';

const files = sampleProject();

describe('projects inside PNG images', () => {
  it('round-trips, at pixel density 4 by default, over the default picture', () => {
    const result = writeProjectPng(files);
    expect(result).toMatchObject({ pixelDensity: 4, width: 640, height: 480 });
    const project = readProjectPng(result.bytes);
    expect(project.files).toEqual(files);
    expect(project).toMatchObject({ format: 'png', name: 'Heart beat', target: 'microbit' });
  });

  it('uses the screenshot it is given, scaled by the density', () => {
    const shot = createImage(50, 40);
    shot.data.fill(200);
    const result = writeProjectPng(files, { screenshot: shot, pixelDensity: 2 });
    expect([result.width, result.height]).toEqual([100, 80]);
    const image = decodePng(result.bytes);
    expect(image.data[4000]! & 0xf0).toBe(200 & 0xf0);
    expect(readProjectPng(result.bytes).files).toEqual(files);
  });

  it('halves the density until the data URL fits the limit', () => {
    const shot = createImage(100, 100);
    for (let i = 0; i < shot.data.length; i++) shot.data[i] = (i * 2654435761) >>> 24;
    const full = writeProjectPng(files, { screenshot: shot });
    const limit = dataUrlLength('image/png', full.bytes.length) - 1;
    const smaller = writeProjectPng(files, { screenshot: shot, maxDataUrlLength: limit });
    expect(smaller.pixelDensity).toBe(2);
    expect(dataUrlLength('image/png', smaller.bytes.length)).toBeLessThanOrEqual(limit);
    expect(readProjectPng(smaller.bytes).files).toEqual(files);
    expect(messageOf(() => writeProjectPng(files, { screenshot: shot, maxDataUrlLength: 100 }))).toBe(
      'This project is too big to save inside a PNG image.',
    );
  });

  it('gives the same image asynchronously', async () => {
    expect((await writeProjectPngAsync(files)).bytes).toEqual(writeProjectPng(files).bytes);
  });

  it('opens MakeCode-layout PNGs, also with added rows', () => {
    for (const name of ['project.png', 'project-added-lines.png']) {
      expect(readProjectPng(readBaseline(makecodeDir, name)).files).toEqual(files);
    }
  });

  it('says which of the two PNG messages applies', () => {
    expect(messageOf(() => readProjectPng(readBaseline(makecodeDir, 'wrong-magic.png')))).toBe(
      'Invalid magic in encoded PNG',
    );
    const plain = writeProjectPng(files).bytes.slice(0, 40);
    expect(messageOf(() => readProjectPng(plain))).toBe('Invalid encoded PNG format');
    expect(messageOf(() => readProjectPng(new Uint8Array(8)))).toBe('Invalid encoded PNG format');
  });
});
