// The architecture as lint data: which package may import which, which are pure, which effect
// globals pure code must reach through an injected wrapper instead, and where files may not
// import each other in a circle.

import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

/** Every workspace package, the @blockyard packages it may import, and whether it is pure. */
const layers = [
  {
    dir: 'packages/core',
    name: '@blockyard/core',
    mayImport: [],
    testsMayImport: ['makecode-reference'],
    pure: true,
  },
  // Test tools: MakeCode's own build, for the cross-checks of other packages' tests (Node only).
  { dir: 'packages/makecode-reference', name: '@blockyard/makecode-reference', mayImport: [], pure: false },
  {
    dir: 'packages/language',
    name: '@blockyard/language',
    mayImport: ['core'],
    testsMayImport: ['makecode-reference'],
    pure: true,
  },
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
    testsMayImport: ['board-microbit', 'makecode-reference'],
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

// Import circles. A module that imports, through any chain, a module that imports it back is
// loaded half-initialised by one side and cannot be understood or tested alone. The layers below
// have none; the others still hold small circles inside one folder (listed so a new one anywhere
// else fails lint: remove a directory from this list once its circles are broken).
const layersWithCircles = ['packages/core', 'packages/device', 'packages/language', 'packages/native'];

/** Static imports and re-exports of a module's text (dynamic import() loads lazily: no circle). */
const importPattern = /(?:^|[\n;])\s*(?:import|export)\s(?:[^;'"]*?\sfrom\s*)?['"]([^'"\n]+)['"]/g;

function resolveRelative(from, specifier) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return undefined;
  const base = resolve(dirname(from), specifier);
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}.tsx`, `${base}/index.ts`];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

const importsCache = new Map();

/** The files a module on disk imports statically (cached by modification time). */
function importsOf(file) {
  const mtime = statSync(file).mtimeMs;
  const cached = importsCache.get(file);
  if (cached && cached.mtime === mtime) return cached.imports;
  const imports = [];
  for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
    const target = resolveRelative(file, match[1]);
    if (target) imports.push(target);
  }
  importsCache.set(file, { mtime, imports });
  return imports;
}

/** A chain of imports from `start` back to `file`, or undefined when there is none. */
function pathBack(start, file) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length) {
    const [current, path] = stack.pop();
    if (current === file) return path;
    if (seen.has(current)) continue;
    seen.add(current);
    for (const next of importsOf(current)) if (!seen.has(next)) stack.push([next, [...path, next]]);
  }
  return undefined;
}

const noImportCircle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports that lead back to the importing file.' },
    schema: [],
    messages: {
      circle:
        'This import closes an import circle: {{chain}}. Let the lower module name an interface (or receive what it needs) instead of importing the module above it (docs/ARCHITECTURE.md).',
    },
  },
  create(context) {
    const file = context.filename;
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const target = resolveRelative(file, node.source.value);
      if (!target || target === file) return;
      const path = pathBack(target, file);
      if (!path) return;
      const chain = [file, ...path].map((f) => relative(dirname(file), f) || f).join(' -> ');
      context.report({ node, messageId: 'circle', data: { chain } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

/** The plugin that carries the architecture's own rules. */
const architecturePlugin = { rules: { 'no-import-circle': noImportCircle } };

/** No import circles in the layers that have none left (tests may import each other freely). */
export function circleRules() {
  return [
    {
      files: layers
        .filter((layer) => !layersWithCircles.includes(layer.dir))
        .map((layer) => `${layer.dir}/**/*.{ts,tsx}`),
      ignores: testGlobs,
      plugins: { architecture: architecturePlugin },
      rules: { 'architecture/no-import-circle': 'error' },
    },
  ];
}
