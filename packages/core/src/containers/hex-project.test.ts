import { describe, expect, it } from 'vitest';
import { makecodeDir, readBaseline, sampleProject } from '../../test/fixtures/baselines.ts';
import { lzmaJsDecompressText } from '../../test/fixtures/lzma-js.ts';
import { makecodeHex } from '../../test/fixtures/makecode-layout.ts';
import { FormatError } from '../formats/format-error.ts';
import { asciiToBytes } from '../formats/bytes.ts';
import { EMPTY_PROGRAM_TEXT } from './empty-program.ts';
import { parseIntelHex } from './intel-hex.ts';
import { containerLayout, readProjectHex, writeProjectHex, writeProjectHexAsync } from './hex-project.ts';

const files = sampleProject();

function errorOf(read: () => unknown): FormatError {
  try {
    read();
  } catch (error) {
    if (error instanceof FormatError) return error;
    throw error;
  }
  throw new Error('expected a FormatError');
}

/** MakeCode's own way of finding the source: scan lines for the magic, then take following data lines. */
function makecodeStyleExtract(hex: string): { meta: string; text: Uint8Array } | null {
  let toGo = 0;
  let buf: number[] = [];
  let metaLen = 0;
  for (const line of hex.split(/\r?\n/)) {
    const head = /^:10....0[0DE]41140E2FB82FA2BB(....)(....)(....)(....)(..)/.exec(line);
    if (head) {
      const swap = (s: string) => s.slice(2) + s.slice(0, 2);
      metaLen = parseInt(swap(head[1]!), 16);
      toGo = metaLen + parseInt(swap(head[2]!), 16);
      buf = [];
    } else if (toGo > 0) {
      const data = /^:10....0[0DE](.*)(..)$/.exec(line);
      if (!data) continue;
      for (let k = 0; k < data[1]!.length && toGo > 0; k += 2, toGo--) buf.push(parseInt(data[1]!.slice(k, k + 2), 16));
    }
  }
  if (buf.length === 0 || toGo !== 0) return null;
  return {
    meta: new TextDecoder().decode(Uint8Array.from(buf.slice(0, metaLen))),
    text: Uint8Array.from(buf.slice(metaLen)),
  };
}

describe('project .hex', () => {
  it('round-trips a project and reports the empty program', () => {
    const project = readProjectHex(asciiToBytes(writeProjectHex(files)));
    expect(project.files).toEqual(files);
    expect(project).toMatchObject({
      format: 'hex',
      name: 'Heart beat',
      editor: 'blocksprj',
      program: 'empty',
      target: 'microbit',
    });
  });

  it('marks the empty program region in the file and places the source after it', () => {
    for (const board of ['v1', 'v2'] as const) {
      const text = writeProjectHex(files, { board });
      const [segment, source] = parseIntelHex(text).sections[0]!.segments;
      const { markerAddress, sourceAddress } = containerLayout(board);
      expect(segment!.address).toBe(markerAddress);
      expect(new TextDecoder().decode(segment!.data.subarray(0, EMPTY_PROGRAM_TEXT.length))).toBe(EMPTY_PROGRAM_TEXT);
      expect(source!.address).toBe(sourceAddress);
      expect(sourceAddress - markerAddress).toBe(131072);
    }
    expect(containerLayout('v1').markerAddress).toBe(0x18000);
    expect(containerLayout('v2').markerAddress).toBe(0x1c000);
  });

  it('can be opened the way MakeCode opens a .hex (line scan + LZMA-JS)', () => {
    const raw = makecodeStyleExtract(writeProjectHex(files, { editorUrl: 'https://blockyard.example/' }));
    expect(raw).not.toBeNull();
    const meta = JSON.parse(raw!.meta) as { compression: string; headerSize: number; eURL: string; pxtTarget: string };
    expect(meta).toMatchObject({ compression: 'LZMA', eURL: 'https://blockyard.example/', pxtTarget: 'microbit' });
    const plain = lzmaJsDecompressText(raw!.text);
    if (plain === null) throw new Error('LZMA-JS could not read the text back as a string');
    const header = JSON.parse(plain.slice(0, meta.headerSize)) as { cloudId: string; editor: string; name: string };
    expect(header).toMatchObject({ cloudId: 'pxt/microbit', editor: 'blocksprj', name: 'Heart beat' });
    expect(JSON.parse(plain.slice(meta.headerSize))).toEqual(files);
  });

  it('gives the same file asynchronously', async () => {
    expect(await writeProjectHexAsync(files)).toBe(writeProjectHex(files));
  });

  describe('MakeCode files', () => {
    it.each(['v1.hex', 'v1-crlf.hex', 'universal.hex'])('opens %s', (name) => {
      const project = readProjectHex(readBaseline(makecodeDir, name));
      expect(project.files).toEqual(files);
      expect(project).toMatchObject({ program: 'present', target: 'microbit', name: 'Heart beat' });
    });

    it('opens a source stored without compression', () => {
      expect(readProjectHex(readBaseline(makecodeDir, 'uncompressed.hex')).files).toEqual(files);
    });

    it('says when there is no source', () => {
      const error = errorOf(() => readProjectHex(readBaseline(makecodeDir, 'no-source.hex')));
      expect(error.message).toBe("This .hex file doesn't contain source.");
    });

    it('names an unsupported compression', () => {
      const error = errorOf(() => readProjectHex(readBaseline(makecodeDir, 'lzma2.hex')));
      expect(error.message).toBe('Compression type LZMA2 not supported.');
    });

    it('finds a source that crosses a 64 KiB boundary', () => {
      const hex = makecodeHex({ source: { files }, programBytes: 0x8000 - 40 });
      expect(readProjectHex(asciiToBytes(hex)).files).toEqual(files);
    });
  });

  describe('bad files', () => {
    it('calls a damaged record or a cut-short file not valid', () => {
      const text = writeProjectHex(files);
      const flipped = text.replace(
        /:10(....)00(..)/,
        (m, a: string, b: string) => `:10${a}00${b === '00' ? '01' : '00'}`,
      );
      expect(errorOf(() => readProjectHex(asciiToBytes(flipped))).message).toBe('This .hex file is not valid.');
      expect(errorOf(() => readProjectHex(asciiToBytes(text.slice(0, text.length >> 1)))).message).toBe(
        'This .hex file is not valid.',
      );
      expect(errorOf(() => readProjectHex(asciiToBytes('not a hex file'))).detail).toMatch(/line 1/);
    });

    it('calls a source cut short inside the file not valid', () => {
      const lines = writeProjectHex(files).trimEnd().split('\n');
      const cut = [...lines.slice(0, lines.length - 6), lines[lines.length - 1]!].join('\n') + '\n';
      expect(errorOf(() => readProjectHex(asciiToBytes(cut))).message).toBe('This .hex file is not valid.');
    });

    it('passes on the pxt.json messages and the target-version rule', () => {
      const broken = { ...files, 'pxt.json': '{ "name": ' };
      expect(errorOf(() => readProjectHex(asciiToBytes(writeProjectHexForBroken(broken)))).message).toBe(
        'Syntax error in pxt.json',
      );
      // A file made for a newer MakeCode opens, with a warning naming what may not work.
      const newer = readProjectHex(asciiToBytes(writeProjectHex(files)), { runningTargetVersion: '6.0.0' });
      expect(newer.files).toEqual(files);
      expect(newer.warning?.required).toBe('7.1.2');
      expect(newer.warning?.message).toMatch(
        /^"Heart beat" was made with MakeCode 7\.1\.2; .*blocks added after MakeCode 6/,
      );
      expect(readProjectHex(asciiToBytes(writeProjectHex(files))).warning).toBeUndefined();
    });
  });
});

/** Our writer refuses a broken pxt.json, so build that file with the independent MakeCode writer. */
function writeProjectHexForBroken(broken: Record<string, string>): string {
  return makecodeHex({ source: { files: broken } });
}
