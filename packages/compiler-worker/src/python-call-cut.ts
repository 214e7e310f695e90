// The Python a member call's editor help asks about: the program with the call's arguments taken
// out, so what is being typed in them never needs to convert (see editor-services.ts).
import { pythonBracketEnd, pythonStatementAt } from '@blockyard/language';

/**
 * The program with a member call's brackets and arguments taken out (`if s.get(X) > 1:` ->
 * `if s.get > 1:`), the member's name ending at `end`: the arguments being typed need not convert,
 * and every keystroke in them gives the same text, converted once. A call not closed yet ends the
 * statement there, its open brackets closed, the program going on after the cursor's line; a
 * compound statement's header left without its colon (`if s.is_touching(`) gets one, and a body.
 */
export function callCut(text: string, open: number, end: number, offset: number): string {
  const closed = pythonBracketEnd(text, open);
  const statement = pythonStatementAt(text, end);
  if (closed !== undefined && statement?.end !== undefined) {
    return withHeaderColon(text.slice(0, end) + text.slice(closed), end, statement.end - closed + end);
  }
  const lineEnd = text.indexOf('\n', offset);
  const head = text.slice(0, end) + (statement?.closing ?? '');
  return withHeaderColon(head + (lineEnd < 0 ? '' : text.slice(lineEnd)), end, head.length);
}

/**
 * `text` with `:` and a `pass` body at `lineEnd` when the line holding `at` is an `if`, `elif`,
 * `while`, `for` or `with` header without its colon (the learner is still typing it).
 */
function withHeaderColon(text: string, at: number, lineEnd: number): string {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const header = /^([ \t]*)(?:if|elif|while|for|with)\b/.exec(text.slice(lineStart, at));
  if (!header || /:\s*$/.test(text.slice(at, lineEnd))) return text;
  return `${text.slice(0, lineEnd)}:\n${header[1]}    pass${text.slice(lineEnd)}`;
}
