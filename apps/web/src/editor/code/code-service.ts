// What the code editor's language features ask: the compiler worker, and the project's files so
// the worker sees main.ts as the learner has it right now (with the other files for types).
import type { SessionCompiler } from '../session/session-types.ts';
import type { DocsLabels } from './docs-element.ts';

export interface CodeService {
  compiler: SessionCompiler;
  /** The project's program files; main.ts is replaced by the editor's text. */
  files(): Record<string, string>;
  /** The documentation tooltips' words in the interface language (English when absent). */
  labels?: DocsLabels;
}

export const MAIN_FILE = 'main.ts';

/** The Python editor's file: the worker answers it from Python's name table. */
export const PYTHON_FILE = 'main.py';

/** The project's files with `file` (main.ts, or main.py in Python) as the editor has it now. */
export function filesWith(service: CodeService, text: string, file = MAIN_FILE): Record<string, string> {
  return { ...service.files(), [file]: text };
}
