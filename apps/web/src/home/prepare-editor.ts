// Opening a project used to wait for its steps one after another: make the project (read the
// example, write it to storage), then download the editor's code, then the block editor's, and
// only then start the compiler (TypeScript, seconds to load and warm). The home page calls this
// the moment a learner presses "Open <example>" or "New project", so the downloads and the
// compiler's start overlap with making the project and naming it (bench example-open,
// first-minute).
import { startCompilerWorkerEarly } from '../sim-host/compiler-worker.ts';

let editorCode: Promise<unknown> | undefined;

/** Starts the compiler worker and fetches the editor's code (once; a failure is tried again). */
export function prepareEditor(load: () => Promise<unknown> = () => import('../editor/EditorPage.tsx')): void {
  startCompilerWorkerEarly();
  editorCode ??= load().catch(() => {
    // The route loads it again on its own and shows its error if it fails there too.
    editorCode = undefined;
  });
}

/**
 * prepareEditor once the next frame is painted: the editor's code runs for a moment on the page's
 * thread, and the name dialog that the same press opens must show first (bench first-minute).
 */
export function prepareEditorAfterPaint(load?: () => Promise<unknown>): void {
  if (typeof requestAnimationFrame !== 'function') return prepareEditor(load);
  requestAnimationFrame(() => setTimeout(() => prepareEditor(load), 0));
}
