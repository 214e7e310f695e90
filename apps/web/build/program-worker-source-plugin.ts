// `virtual:blockyard/program-worker-source`: the program worker's bundle (src/sim/program.worker.ts)
// as a string in the simulator page, which puts it in each program worker's blob: script after
// the compiled program. Loaded with importScripts instead, every run fetched it again from the
// server: the frame's origin is opaque, so Chromium keeps no HTTP cache for it (45 KB and
// 60-70 ms of a loaded machine per edit, issue 12 item 4). Built with esbuild, as one classic
// script (IIFE), when the page asks for it.
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

const PROGRAM_WORKER_SOURCE_MODULE = 'virtual:blockyard/program-worker-source';
const resolvedId = `\0${PROGRAM_WORKER_SOURCE_MODULE}`;
const entry = join(import.meta.dirname, '..', 'src', 'sim', 'program.worker.ts');

/** The bundle's text: every module it takes in, for the dev server to watch. */
export async function buildProgramWorkerSource(minify: boolean): Promise<{ code: string; inputs: string[] }> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    minify,
    format: 'iife',
    target: 'es2022',
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': JSON.stringify(minify ? 'production' : 'development') },
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text ?? '';
  return { code, inputs: Object.keys(result.metafile.inputs) };
}

export function programWorkerSourcePlugin(): Plugin {
  let minify = true;
  return {
    name: 'blockyard-program-worker-source',
    configResolved(config) {
      minify = config.command === 'build';
    },
    resolveId(id) {
      return id === PROGRAM_WORKER_SOURCE_MODULE ? resolvedId : undefined;
    },
    async load(id) {
      if (id !== resolvedId) return undefined;
      const { code, inputs } = await buildProgramWorkerSource(minify);
      for (const input of inputs) this.addWatchFile(resolve(input));
      return `export default ${JSON.stringify(code)};\n`;
    },
  };
}
