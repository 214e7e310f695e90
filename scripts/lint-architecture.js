// The architecture as lint data: which package may import which, which are pure, and which
// effect globals pure code must reach through an injected wrapper instead.

/** Every workspace package, the @blockyard packages it may import, and whether it is pure. */
const layers = [
  { dir: 'packages/core', name: '@blockyard/core', mayImport: [], pure: true },
  { dir: 'packages/language', name: '@blockyard/language', mayImport: ['core'], pure: true },
  { dir: 'packages/runtime', name: '@blockyard/runtime', mayImport: ['core'], pure: true },
  { dir: 'packages/sound', name: '@blockyard/sound', mayImport: ['core'], pure: true },
  // Project storage domain: the store interface, autosave, history, trash, multi-tab coordination.
  { dir: 'packages/projects', name: '@blockyard/projects', mayImport: ['core'], pure: true },
  // The device side of a program: assembler, Thumb back end over language's IR, image linker.
  // Its tests also compile with the micro:bit's library and compare with the simulator.
  {
    dir: 'packages/native',
    name: '@blockyard/native',
    // sound: the note table and built-in melodies the device library plays (as the simulator).
    mayImport: ['core', 'language', 'sound'],
    testsMayImport: ['board-microbit'],
    pure: true,
  },
  // Documentation content: docs macros as remark plugins, table of contents, search index, block help.
  { dir: 'packages/docs', name: '@blockyard/docs', mayImport: ['core', 'language'], pure: true },
  {
    dir: 'packages/boards/microbit',
    name: '@blockyard/board-microbit',
    mayImport: ['core', 'language', 'runtime', 'sound'],
    pure: false,
  },
  { dir: 'packages/blocks', name: '@blockyard/blocks', mayImport: ['core', 'language', 'sound'], pure: false },
  { dir: 'packages/cloud', name: '@blockyard/cloud', mayImport: ['core'], pure: false },
  // Real implementations of core's effect interfaces (system clock, fetch, IndexedDB, Web Audio).
  { dir: 'packages/platform', name: '@blockyard/platform', mayImport: ['core', 'projects', 'sound'], pure: false },
  // The compiler worker (compile, language services, blocks <-> code) and its client; native:
  // it also builds Download's device image.
  {
    dir: 'packages/compiler-worker',
    name: '@blockyard/compiler-worker',
    mayImport: ['core', 'language', 'board-microbit', 'native'],
    pure: false,
  },
  // compiler-worker: the controller compiles through the page's CompilerClient before a run.
  {
    dir: 'packages/sim',
    name: '@blockyard/sim',
    mayImport: ['core', 'language', 'runtime', 'sound', 'board-microbit', 'compiler-worker'],
    pure: false,
  },
  // WebUSB/Bluetooth boards and the emulated board; native for the firmware and image facts
  // (program magic, linking the emulated board's factory image).
  {
    dir: 'packages/device',
    name: '@blockyard/device',
    mayImport: ['core', 'language', 'runtime', 'board-microbit', 'native'],
    pure: false,
  },
  // Apps may import any package but never each other.
  { dir: 'apps/web', name: '@blockyard/web', mayImport: 'packages', pure: false },
  { dir: 'apps/server', name: '@blockyard/server', mayImport: 'packages', pure: false },
  { dir: 'apps/cli', name: '@blockyard/cli', mayImport: 'packages', pure: false },
  { dir: 'e2e', name: '@blockyard/e2e', mayImport: 'packages', pure: false },
  { dir: 'bench', name: '@blockyard/bench', mayImport: 'packages', pure: false },
];

const appNames = ['web', 'server', 'cli', 'e2e', 'bench'];

export const pureGlobs = layers.filter((l) => l.pure).map((l) => `${l.dir}/**/*.{ts,tsx}`);
export const testGlobs = ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/*.bench.ts'];

/** Effect globals and the wrapper that pure code receives instead. */
export const effectGlobals = [
  ['setTimeout', 'Use the injected Clock (Clock.setTimeout from @blockyard/core) so time stays deterministic.'],
  ['setInterval', 'Use the injected Clock (Clock.setInterval from @blockyard/core) so time stays deterministic.'],
  ['clearTimeout', 'Use the injected Clock (Clock.clear from @blockyard/core).'],
  ['clearInterval', 'Use the injected Clock (Clock.clear from @blockyard/core).'],
  ['setImmediate', 'Use the injected Clock (Clock.setTimeout from @blockyard/core).'],
  ['requestAnimationFrame', 'Use the injected Clock (Clock.setTimeout from @blockyard/core).'],
  ['fetch', 'Use the injected HttpClient (HttpClient from @blockyard/core) so tests can answer calls.'],
  ['XMLHttpRequest', 'Use the injected HttpClient (HttpClient from @blockyard/core).'],
  ['localStorage', 'Use the injected KeyValueStore (KeyValueStore from @blockyard/core).'],
  ['sessionStorage', 'Use the injected KeyValueStore (KeyValueStore from @blockyard/core).'],
  ['indexedDB', 'Use the injected ProjectStore or KeyValueStore from @blockyard/core.'],
  ['AudioContext', 'Use the injected AudioOutput (AudioOutput from @blockyard/core); synthesis stays pure PCM.'],
  ['webkitAudioContext', 'Use the injected AudioOutput (AudioOutput from @blockyard/core).'],
  ['navigator', 'Use the injected Platform (Platform from @blockyard/core) or a device transport.'],
  ['window', 'Pure packages have no window: take what you need as an injected parameter.'],
  ['document', 'Pure packages have no document: take what you need as an injected parameter.'],
].map(([name, message]) => ({ name, message: `${name} is an effect global. ${message}` }));

const nodeBuiltins = [
  'node:*',
  'fs',
  'fs/*',
  'path',
  'os',
  'child_process',
  'http',
  'https',
  'net',
  'crypto',
  'stream',
  'url',
  'util',
  'worker_threads',
  'process',
];
const uiModules = [
  'react',
  'react-dom',
  'react/*',
  'react-dom/*',
  '@codemirror/*',
  'codemirror',
  '@tanstack/*',
  'i18next',
  'react-i18next',
];

function patternsFor(layer) {
  const patterns = [
    {
      group: [
        '**/apps/**',
        ...appNames.map((a) => `@blockyard/${a}`),
        ...appNames.map((a) => `@blockyard/${a}/*`),
      ].filter((p) => !(layer.mayImport === 'packages' && p === `${layer.name}`)),
      message: 'Nothing imports an app: move shared code down into a package.',
    },
  ];
  if (layer.mayImport !== 'packages') {
    const allowed = layer.mayImport.map((n) => `!@blockyard/${n}`);
    patterns.push({
      group: ['@blockyard/*', ...allowed],
      message: `${layer.name} may only import ${layer.mayImport.length ? layer.mayImport.map((n) => '@blockyard/' + n).join(', ') : 'no other @blockyard package'}: imports point down (docs/ARCHITECTURE.md).`,
    });
    patterns.push({
      group: ['../../*/src/**', '../../../*/src/**', '../../../../*/src/**'],
      message: 'Import other packages by their @blockyard name, not by a relative path.',
    });
  }
  if (layer.pure) {
    patterns.push({ group: uiModules, message: 'Pure packages import no UI.' });
  }
  return patterns;
}

/** One config block per layer: the import direction, plus no Node built-ins in pure sources. */
export function layerRules() {
  return layers.flatMap((layer) => {
    const files = [`${layer.dir}/**/*.{ts,tsx,js,mjs}`];
    const base = { files, rules: { 'no-restricted-imports': ['error', { patterns: patternsFor(layer) }] } };
    const tests = layer.testsMayImport
      ? [
          {
            files: testGlobs.map((glob) => `${layer.dir}/${glob}`),
            rules: {
              'no-restricted-imports': [
                'error',
                { patterns: patternsFor({ ...layer, mayImport: [...layer.mayImport, ...layer.testsMayImport] }) },
              ],
            },
          },
        ]
      : [];
    if (!layer.pure) return [base, ...tests];
    const sources = {
      files,
      ignores: testGlobs,
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              ...patternsFor(layer),
              {
                group: nodeBuiltins,
                message: 'Pure packages use no Node-only APIs: they must run in a browser and a worker too.',
              },
            ],
          },
        ],
      },
    };
    return [base, sources, ...tests];
  });
}
