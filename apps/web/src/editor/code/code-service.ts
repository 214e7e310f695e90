// What the code editor's language features ask: the compiler worker, and the project's files so
// the worker sees main.ts as the learner has it right now (with the other files for types).
import type { SessionCompiler } from '../session/editor-session.ts';

export interface CodeService {
  compiler: SessionCompiler;
  /** The project's program files; main.ts is replaced by the editor's text. */
  files(): Record<string, string>;
}

export const MAIN_FILE = 'main.ts';

export function filesWith(service: CodeService, text: string): Record<string, string> {
  return { ...service.files(), [MAIN_FILE]: text };
}
