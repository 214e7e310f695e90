// Opening a project used to wait for its steps one after another: make the project (read the
// example, write it to storage), then download the editor's code, then the block editor's, and
// only then start the compiler (TypeScript, seconds to load and warm). The home page calls this
// the moment a learner presses "Open <example>" (and when any project is made), so the
// downloads and the compiler's start overlap with making the project (bench example-open).
import { startCompilerWorkerEarly } from '../sim-host/compiler-worker.ts';

let editorCode: Promise<unknown> | undefined;

const loadEditorPage = () => import('../editor/EditorPage.tsx');

/** Fetches the editor's code (once; a failure is tried again). */
export function fetchEditorCode(load: () => Promise<unknown> = loadEditorPage): void {
  editorCode ??= load().catch(() => {
    // The route loads it again on its own and shows its error if it fails there too.
    editorCode = undefined;
  });
}

/** Starts the compiler worker and fetches the editor's code. */
export function prepareEditor(load: () => Promise<unknown> = loadEditorPage): void {
  startCompilerWorkerEarly();
  fetchEditorCode(load);
}
