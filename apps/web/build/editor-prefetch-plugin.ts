// Names the editor's files in the built index.html (a <meta> the home page reads,
// src/home/prefetch-editor-files.ts), so the home page can ask for them at the lowest priority
// as soon as it has drawn: bytes only, into the HTTP cache, nothing run. A learner who presses
// New project at once then does not wait for ~20 requests after the dialog opens (bench
// first-minute, the hurried runs: the code arrived after Enter). The chunks are the block
// editor's (the same ones as the compile hints) with everything they import that the page's own
// entry does not already load, and their styles.
import type { Plugin, Rollup } from 'vite';
import { EAGER_CHUNKS } from './compile-hints-plugin.ts';

/** The page reads this name (src/home/prefetch-editor-files.ts: same string). */
const EDITOR_FILES_META = 'blockyard-editor-files';

interface CssMetadata {
  viteMetadata?: { importedCss?: Set<string> };
}

/** The files (bundle paths) of the chunks named `names` and their static imports, less the entry's own. */
export function editorFiles(
  bundle: Rollup.OutputBundle,
  entry: Rollup.OutputChunk,
  names: readonly string[] = EAGER_CHUNKS,
): string[] {
  const chunk = (file: string) => {
    const output = bundle[file];
    return output?.type === 'chunk' ? output : undefined;
  };
  const loaded = new Set<string>();
  const visit = (file: string, into: Set<string>) => {
    if (into.has(file)) return;
    into.add(file);
    const output = chunk(file);
    if (!output) return;
    for (const css of (output as CssMetadata).viteMetadata?.importedCss ?? []) into.add(css);
    for (const imported of output.imports) visit(imported, into);
  };
  visit(entry.fileName, loaded);
  const wanted = new Set<string>();
  for (const output of Object.values(bundle)) {
    if (output.type === 'chunk' && names.includes(output.name)) visit(output.fileName, wanted);
  }
  return [...wanted].filter((file) => !loaded.has(file)).sort();
}

export function editorPrefetchPlugin(names: readonly string[] = EAGER_CHUNKS): Plugin {
  return {
    name: 'blockyard-editor-prefetch',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        // The app's page only (not the simulator's).
        if (!context.bundle || !context.chunk || context.chunk.name !== 'main') return undefined;
        const files = editorFiles(context.bundle, context.chunk, names);
        if (files.length === 0) return undefined;
        return [
          {
            tag: 'meta',
            attrs: { name: EDITOR_FILES_META, content: files.map((file) => `/${file}`).join(' ') },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
