// Completions from the compiler worker: names and members with their kind, and (fetched only for
// the highlighted entry) the signature and JSDoc of the API. For main.ts TypeScript's language
// service answers; for main.py the worker's Python name table (API names in Python spelling,
// signatures from TypeScript written in Python names).
import {
  autocompletion,
  type Completion,
  type CompletionContext,
  type CompletionResult,
} from '@codemirror/autocomplete';
import type { Extension } from '@codemirror/state';
import { type CodeService, filesWith, MAIN_FILE } from './code-service.ts';
import { docsElement } from './docs-element.ts';

/** TypeScript's sortText ("11", "15"...) as CodeMirror's boost (higher is better). */
function boost(sortText: string): number {
  const rank = Number.parseInt(sortText, 10);
  return Number.isFinite(rank) ? Math.max(-99, Math.min(99, 20 - rank)) : 0;
}

export function completionSource(service: CodeService, file = MAIN_FILE) {
  return async (context: CompletionContext): Promise<CompletionResult | null> => {
    const word = context.matchBefore(/[\w$]*/);
    const afterDot = context.matchBefore(/\.[\w$]*/) !== null;
    if (!context.explicit && !afterDot && (!word || word.from === word.to)) return null;
    const text = context.state.doc.toString();
    const files = filesWith(service, text, file);
    let answer;
    try {
      answer = await service.compiler.service({ op: 'completions', files, file, offset: context.pos });
    } catch {
      return null; // the worker may be starting or restarting; completion is a nicety
    }
    if (context.aborted) return null;
    const options: Completion[] = answer.options.map((option) => ({
      label: option.label,
      type: option.kind,
      boost: boost(option.sortText),
      ...(option.insertText !== undefined ? { apply: option.insertText } : {}),
      info: async () => {
        try {
          const details = await service.compiler.service({
            op: 'completionDetails',
            files,
            file,
            offset: context.pos,
            name: option.label,
          });
          return details ? docsElement(details.signature, details.documentation, service.labels) : null;
        } catch {
          return null;
        }
      },
    }));
    return { from: answer.from, options, validFor: /^[\w$]*$/ };
  };
}

export function tsCompletions(service: CodeService, file = MAIN_FILE): Extension {
  return autocompletion({ override: [completionSource(service, file)], activateOnTypingDelay: 80, icons: true });
}
