// Opening a project used to wait for its steps one after another: make the project (read the
// example, write it to storage), then download the editor's code, then the block editor's, and
// only then start the compiler (TypeScript, seconds to load and warm). The home page calls this
// the moment a learner presses "Open <example>" (and when any project is made), so the
// downloads and the compiler's start overlap with making the project (bench example-open).
import { startCompilerWorkerEarly } from '../sim-host/compiler-worker.ts';
import { runWhenIdle } from '../ui/run-when-idle.ts';

let editorCode: Promise<unknown> | undefined;

/**
 * The editor's code, then (once the page is idle again) the board's block definitions made from
 * it, which the first blocks would otherwise wait for (blocks-setup.ts, `warmProjectBlocks`).
 * The block area's own chunk comes in the same round: the editor asks for it only once its
 * code has run, a second round trip after Enter for a learner who presses at once (bench
 * first-minute, the hurried runs).
 */
const loadEditorPage = () =>
  Promise.all([
    import('../editor/EditorPage.tsx'),
    import('../editor/blocks/blocks-setup.ts'),
    import('../editor/blocks/BlocksArea.tsx'),
  ]).then(
    ([, blocks]) => void runWhenIdle(() => blocks.warmProjectBlocks(), { afterMs: 0, idleTimeoutMs: 2000 }, window),
  );

/** Fetches the editor's code (once; a failure is tried again); settles once it is here or failed. */
export function fetchEditorCode(load: () => Promise<unknown> = loadEditorPage): Promise<unknown> {
  editorCode ??= load().catch(() => {
    // The route loads it again on its own and shows its error if it fails there too.
    editorCode = undefined;
  });
  return editorCode;
}

/** Starts the compiler worker and fetches the editor's code. */
export function prepareEditor(load: () => Promise<unknown> = loadEditorPage): void {
  startCompilerWorkerEarly();
  void fetchEditorCode(load);
}
