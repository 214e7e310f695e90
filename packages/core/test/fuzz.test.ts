// Property tests for every reader: damaged files (truncated, bit-flipped, overwritten, oversized,
// wrong magic, wrong checksums) must end in one of the documented messages, never in another
// exception. A hang would trip the test timeout.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clashingFileNames,
  decodeLzma,
  encodeLzma,
  fileNameProblem,
  LzmaDataError,
  MAX_PROJECT_FILE_CHARS,
  buildSourceEmbedding,
  embedBlobInImage,
  encodeEmbeddedProject,
  encodePng,
  encodeCompressedProject,
  formatMessage,
  FormatError,
  readProject,
  writeIntelHex,
  writeProject,
  writeUf2,
  type FormatErrorCode,
  type ProjectFormat,
} from '../src/index.ts';
import { createImage } from '../src/png/rgba-image.ts';
import { makecodeDir, readBaseline, sampleProject } from './fixtures/baselines.ts';

const files = sampleProject();
const CONFIG_CODES: FormatErrorCode[] = [
  'config-syntax',
  'config-missing-dependencies',
  'config-missing-files',
  'config-field-type',
  'target-version-too-high',
  'not-semver',
];
/** What every reader may say about the files inside (names, sizes, counts). */
const FILES_CODES: FormatErrorCode[] = [
  'invalid-file-name',
  'file-names-clash',
  'project-file-too-big',
  'project-too-big',
  'too-many-files',
];
const ALLOWED: Record<ProjectFormat, FormatErrorCode[]> = {
  hex: ['hex-invalid', 'hex-no-source', 'compression-unsupported', ...CONFIG_CODES, ...FILES_CODES],
  uf2: ['uf2-invalid', 'uf2-no-source', 'compression-unsupported', ...CONFIG_CODES, ...FILES_CODES],
  png: ['png-invalid-format', 'png-invalid-magic', ...CONFIG_CODES, ...FILES_CODES],
  mkcd: ['project-file-invalid', ...CONFIG_CODES, ...FILES_CODES],
  json: ['project-file-invalid', ...CONFIG_CODES, ...FILES_CODES],
};

/** Reads `bytes` as `format`: fine, or a FormatError with a documented message for that reader. */
function expectDocumentedOutcome(bytes: Uint8Array, format: ProjectFormat): void {
  try {
    const project = readProject(bytes, { fileName: `damaged.${format}` });
    expect(typeof project.files['pxt.json']).toBe('string');
  } catch (error) {
    if (!(error instanceof FormatError)) throw error;
    const allowed = [...ALLOWED[format], 'unsupported-file' as const];
    // Damage can turn a file into another recognisable format; then that reader's messages apply.
    const all = Object.values(ALLOWED).flat();
    expect(allowed.includes(error.code) || all.includes(error.code)).toBe(true);
    expect(error.message).toBe(formatMessage(error.code, error.params));
  }
}

type Mutation =
  | { kind: 'truncate'; at: number }
  | { kind: 'flip'; bits: number[] }
  | { kind: 'overwrite'; at: number; bytes: Uint8Array }
  | { kind: 'append'; bytes: Uint8Array }
  | { kind: 'repeat'; from: number; length: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('flip' as const), bits: fc.array(fc.nat(), { minLength: 1, maxLength: 8 }) }),
  fc.record({
    kind: fc.constant('overwrite' as const),
    at: fc.nat(),
    bytes: fc.uint8Array({ minLength: 1, maxLength: 24 }),
  }),
  fc.record({ kind: fc.constant('append' as const), bytes: fc.uint8Array({ minLength: 1, maxLength: 3000 }) }),
  fc.record({ kind: fc.constant('repeat' as const), from: fc.nat(), length: fc.integer({ min: 1, max: 5000 }) }),
);

function mutate(original: Uint8Array, m: Mutation): Uint8Array {
  const bytes = original.slice();
  switch (m.kind) {
    case 'truncate':
      return bytes.subarray(0, m.at % bytes.length);
    case 'flip':
      for (const bit of m.bits) bytes[(bit >> 3) % bytes.length]! ^= 1 << (bit & 7);
      return bytes;
    case 'overwrite':
      bytes.set(m.bytes.subarray(0, Math.max(0, bytes.length - (m.at % bytes.length))), m.at % bytes.length);
      return bytes;
    case 'append': {
      const out = new Uint8Array(bytes.length + m.bytes.length);
      out.set(bytes);
      out.set(m.bytes, bytes.length);
      return out;
    }
    case 'repeat': {
      const from = m.from % bytes.length;
      const slice = bytes.subarray(from, from + m.length);
      const out = new Uint8Array(bytes.length + slice.length);
      out.set(bytes.subarray(0, from + slice.length));
      out.set(slice, from + slice.length);
      out.set(bytes.subarray(from + slice.length), from + 2 * slice.length);
      return out;
    }
  }
}

const samples: [string, ProjectFormat, Uint8Array][] = [
  ['our .hex', 'hex', writeProject(files, 'hex')],
  ['MakeCode Universal Hex', 'hex', readBaseline(makecodeDir, 'universal.hex')],
  ['our .uf2', 'uf2', writeProject(files, 'uf2')],
  ['our .png', 'png', writeProject(files, 'png', { pixelDensity: 1 })],
  ['MakeCode .png with added rows', 'png', readBaseline(makecodeDir, 'project-added-lines.png')],
  ['our .mkcd', 'mkcd', writeProject(files, 'mkcd')],
  ['our .json', 'json', writeProject(files, 'json')],
];

describe('every reader on damaged files', () => {
  it.each(samples)('%s', (_name, format, original) => {
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 3 }), (mutations) => {
        expectDocumentedOutcome(
          mutations.reduce((bytes, m) => (bytes.length > 0 ? mutate(bytes, m) : bytes), original),
          format,
        );
      }),
      { numRuns: 250 },
    );
  });

  it('hex: wrong checksums and wrong magic give "This .hex file is not valid." / "doesn\'t contain source."', () => {
    const text = new TextDecoder().decode(writeProject(files, 'hex'));
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 0, max: 15 }), (at, digit) => {
        const lines = text.split('\n');
        const index = at % (lines.length - 2);
        const line = lines[index]!;
        const pos = 1 + (at % (line.length - 1));
        const replaced = digit.toString(16).toUpperCase();
        if (line[pos] === replaced) return;
        lines[index] = line.slice(0, pos) + replaced + line.slice(pos + 1);
        const error = (() => {
          try {
            readProject(new TextEncoder().encode(lines.join('\n')), { fileName: 'a.hex' });
            return null;
          } catch (e) {
            return e;
          }
        })();
        expect(error).toBeInstanceOf(FormatError);
        expect((error as FormatError).message).toBe('This .hex file is not valid.');
      }),
      { numRuns: 200 },
    );
    const noMagic = text.replace(/41140E2FB82FA2BB/g, '41140E2FB82FA2BC');
    expect(() => readProject(new TextEncoder().encode(noMagic), { fileName: 'a.hex' })).toThrow(FormatError);
  });

  it('hex and uf2: damaged compressed source inside well-formed containers', () => {
    const { meta, text } = encodeEmbeddedProject(files);
    fc.assert(
      fc.property(
        fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        fc.nat(),
        (bits, damageMeta, cut) => {
          const m = meta.slice();
          const t = text.slice();
          for (const bit of bits) {
            if (damageMeta) m[(bit >> 3) % m.length]! ^= 1 << (bit & 7);
            else t[(bit >> 3) % t.length]! ^= 1 << (bit & 7);
          }
          const blob = buildSourceEmbedding(m, cut % 3 === 0 ? t.subarray(0, cut % t.length) : t);
          expectDocumentedOutcome(new TextEncoder().encode(writeIntelHex([{ address: 0x30000, data: blob }])), 'hex');
          expectDocumentedOutcome(writeUf2([{ address: 0x30000, data: blob }], 1), 'uf2');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('png: damaged hidden data inside a well-formed image', () => {
    const blob = encodeCompressedProject(files);
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 6 }), (bits) => {
        const damaged = blob.slice();
        for (const bit of bits) damaged[(bit >> 3) % damaged.length]! ^= 1 << (bit & 7);
        expectDocumentedOutcome(encodePng(embedBlobInImage(createImage(40, 30), damaged)), 'png');
      }),
      { numRuns: 150 },
    );
  });

  it('png: a hidden header claiming more data than the image holds', () => {
    const image = embedBlobInImage(createImage(40, 30), new Uint8Array(10));
    // Bits 32-63 of the hidden header (the length) start at channel 32 (pixel 11, 1 bit each).
    for (let c = 32; c < 64; c++) {
      const index = 4 + Math.floor(c / 3) * 4 + (c % 3);
      image.data[index] = image.data[index]! | 1;
    }
    expect(() => readProject(encodePng(image), { fileName: 'a.png' })).toThrow('Invalid encoded PNG format');
  });
});

describe('every reader on hostile contents (names and sizes), with the caps', () => {
  // Names a stranger might put in a project, safe ones among them.
  const name = fc.oneof(
    fc.constantFrom('main.ts', 'README.md', '_locales/de/README.md', 'MAIN.ts', 'main.ts/x', '.gitignore'),
    fc.constantFrom('../x', '/etc/x', 'C:x', 'a\\b', 'a\u0000b', 'CON', 'nul.txt', '.git/config', '__proto__'),
    fc.constantFrom('a//b', './a', 'a/./b', ' a', 'a.', 'a:b', 'a\u202eb', 'x'.repeat(200), 'a/'.repeat(12) + 'b'),
    fc.string({ maxLength: 12 }),
  );
  // Sizes around the per-file cap now and then: just under, just over.
  const size = fc.oneof(
    { arbitrary: fc.constantFrom(1, 100), weight: 8 },
    { arbitrary: fc.constantFrom(MAX_PROJECT_FILE_CHARS, MAX_PROJECT_FILE_CHARS + 1), weight: 1 },
  );
  const contents = fc.array(fc.tuple(name, size), { maxLength: 6 });
  const containers: [ProjectFormat, (files: Record<string, string>) => Uint8Array][] = [
    [
      'hex',
      (f) => {
        const e = encodeEmbeddedProject(f, { level: 1 });
        return new TextEncoder().encode(
          writeIntelHex([{ address: 0x30000, data: buildSourceEmbedding(e.meta, e.text) }]),
        );
      },
    ],
    [
      'uf2',
      (f) => {
        const e = encodeEmbeddedProject(f, { level: 1 });
        return writeUf2([{ address: 0x30000, data: buildSourceEmbedding(e.meta, e.text) }], 1);
      },
    ],
    ['png', (f) => encodePng(embedBlobInImage(createImage(64, 48), encodeCompressedProject(f, { level: 1 })))],
    ['mkcd', (f) => encodeCompressedProject(f, { level: 1 })],
    ['json', (f) => new TextEncoder().encode(JSON.stringify(f))],
  ];

  it.each(containers)(
    '.%s: what is read has only safe names and fits the caps; the rest is refused plainly',
    (format, write) => {
      fc.assert(
        fc.property(contents, (entries) => {
          const f: Record<string, string> = {
            'pxt.json': JSON.stringify({ name: 'Fuzz', dependencies: { core: '*' }, files: ['main.ts'] }),
          };
          for (const [fileName, length] of entries) {
            Object.defineProperty(f, fileName, {
              value: 'a'.repeat(length),
              enumerable: true,
              writable: true,
              configurable: true,
            });
          }
          let project;
          try {
            project = readProject(write(f), { fileName: `fuzz.${format}` });
          } catch (error) {
            if (!(error instanceof FormatError)) throw error;
            expect(error.message).toBe(formatMessage(error.code, error.params));
            return;
          }
          for (const [fileName, text] of Object.entries(project.files)) {
            expect(fileNameProblem(fileName)).toBeNull();
            expect(text.length).toBeLessThanOrEqual(MAX_PROJECT_FILE_CHARS);
          }
          expect(clashingFileNames(Object.keys(project.files))).toBeNull();
        }),
        { numRuns: format === 'png' ? 15 : 40 },
      );
    },
    60_000,
  );

  it('LZMA claiming or producing more than the cap stops at the cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1024 }), fc.integer({ min: 1, max: 1024 }), (kilobytes, cap) => {
        const data = new Uint8Array(kilobytes * 1024).fill(97);
        const packed = encodeLzma(data, { level: 1 });
        try {
          const out = decodeLzma(packed, { maxOutputBytes: cap * 1024 });
          expect(out.length).toBeLessThanOrEqual(cap * 1024);
        } catch (error) {
          expect(error).toBeInstanceOf(LzmaDataError);
          expect((error as LzmaDataError).tooLarge).toBe(true);
          expect(data.length).toBeGreaterThan(cap * 1024);
        }
      }),
      { numRuns: 25 },
    );
  }, 60_000);
});
