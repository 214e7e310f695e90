// Marks the block editor's chunks for eager compilation (V8's explicit compile hints: a
// `//# allFunctionsCalledOnLoad` comment first in the file, Chromium 136 on; other browsers read a
// comment). Without it V8 compiles each function on the main thread the first time it runs, and
// nearly all of Blockly and the editor runs between Enter and the first blocks; with it the
// functions compile on a background thread while the chunk streams in, which the home page does
// ahead of time (home/fetch-editor-when-idle.ts). Not the home page's own chunks: much of them
// does not run at start, and compiling it all held the first paint back (bench first-minute).
// The file names keep the hash of the code before the comment: the comment changes no behaviour.
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The chunks (by Rollup chunk name) whose functions nearly all run on the way to the first blocks. */
export const EAGER_CHUNKS: readonly string[] = ['EditorPage', 'BlocksArea', 'blocks-setup'];

export function compileHintsPlugin(names: readonly string[] = EAGER_CHUNKS): Plugin {
  return {
    name: 'blockyard-compile-hints',
    apply: 'build',
    enforce: 'post',
    // After minification (which drops comments) and after Vite puts its preload map first.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk' && names.includes(file.name) && !file.code.startsWith(COMPILE_HINT)) {
            file.code = COMPILE_HINT + file.code;
          }
        }
      },
    },
  };
}
