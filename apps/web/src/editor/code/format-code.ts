// Format document with TypeScript's formatter in the worker, applied as one undoable change that
// touches only the part that differs, so the cursor stays where it was.
import type { EditorView } from '@codemirror/view';
import { type CodeService, filesWith, MAIN_FILE } from './code-service.ts';

export async function formatDocument(view: EditorView, service: CodeService): Promise<boolean> {
  const before = view.state.doc.toString();
  const { text } = await service.compiler.service({
    op: 'format',
    files: filesWith(service, before),
    file: MAIN_FILE,
  });
  if (view.state.doc.toString() !== before || text === before) return false; // typed meanwhile, or nothing to do
  let start = 0;
  while (start < before.length && start < text.length && before[start] === text[start]) start++;
  let endBefore = before.length;
  let endAfter = text.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1] === text[endAfter - 1]) {
    endBefore--;
    endAfter--;
  }
  view.dispatch({ changes: { from: start, to: endBefore, insert: text.slice(start, endAfter) }, userEvent: 'format' });
  return true;
}
