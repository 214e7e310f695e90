// Blocks | JavaScript | Python: the session's switch between editors. To blocks, code that can
// only become grey blocks is confirmed first; Python that cannot be converted stays Python (a
// notice says why), and so does JavaScript that Python cannot show. It remembers the texts a
// conversion started from, so that going back without an edit gives the learner's own text back,
// not the generator's. A failed conversion leaves the learner where they were, with their work.

import type { FromPythonAnswer, ToBlocksAnswer, ToPythonAnswer } from '@blockyard/compiler-worker';
import type { BlocksAhead } from './blocks-ahead.ts';
import type { EditorMode } from './project-files.ts';
import type { ToPythonSource } from './python-ahead.ts';
import type { EditorSessionState, SessionCompiler } from './session-types.ts';
import { switchStep } from './switch-timing.ts';

/** What the switch needs of its session. */
export interface SwitchHost {
  readonly compiler: SessionCompiler;
  /** `fromPython` and `toBlocks` go through it: answers made ahead of the press (blocks-ahead.ts). */
  readonly blocksAhead: BlocksAhead;
  state(): EditorSessionState;
  update(changes: Partial<EditorSessionState>): void;
  /** Drops the reason of the last notice (a new switch starts without one). */
  clearNoticeReason(): void;
  disposed(): boolean;
  programFiles(): Record<string, string>;
  /** main.ts changed: show it and save it. */
  saveCode(code: string): void;
  /** Shows `mode` with these texts, saves them and runs the program. */
  apply(mode: EditorMode, text: { code?: string; xml?: string; python?: string }): void;
  /** The worker's Python of these blocks or this code (made ahead when the page was idle). */
  toPython(source: ToPythonSource): Promise<ToPythonAnswer>;
  /** The conversion made ahead of exactly these blocks or this code, if there is one. */
  madeAhead(source: ToPythonSource): Promise<ToPythonAnswer> | undefined;
}

export class LanguageSwitch {
  private sequence = 0;
  /**
   * The code the blocks on screen were made from (JavaScript -> Blocks), so that going back to
   * JavaScript without a block edit gives the learner's own text back, not the generator's.
   */
  private convertedFrom: { readonly code: string; readonly xml: string } | undefined;
  private pendingFrom: string | undefined;
  /** The Python the code on screen was made from, to give it back when nothing was changed. */
  private pythonFrom: { readonly python: string; readonly code: string } | undefined;

  constructor(private readonly host: SwitchHost) {}

  async switchTo(mode: EditorMode): Promise<void> {
    const host = this.host;
    if (mode === host.state().mode || host.state().status !== 'ready') return;
    const sequence = ++this.sequence;
    host.update({ switching: { to: mode, phase: 'converting' }, notice: null });
    host.clearNoticeReason();
    if (mode === 'python') {
      await this.switchToPython(sequence);
      return;
    }
    // From Python, the lines of grey code are told in main.py's lines (the code's differ).
    let pythonLines: readonly (readonly [number, number])[] | undefined;
    if (host.state().mode === 'python') {
      pythonLines = await this.leavePython(sequence);
      if (!pythonLines) return;
      switchStep('from-python');
    }
    if (mode === 'javascript' && host.state().mode === 'python') {
      host.apply('javascript', { code: host.state().code });
      return;
    }
    if (mode === 'javascript') {
      // The code of the blocks as they are now (an edit may still be on its way to the worker).
      let code: string;
      try {
        code = await this.codeOfBlocks(host.state().xml);
      } catch {
        if (sequence === this.sequence) host.update({ switching: null, notice: 'toCodeFailed' });
        return;
      }
      if (sequence !== this.sequence || host.disposed()) return;
      host.apply('javascript', { code });
      return;
    }
    let answer: ToBlocksAnswer;
    const from = host.state().code;
    try {
      // The blocks left for the code come back as they were when the code is unchanged, and
      // keep their places (and loose blocks) when it was edited.
      const xml = host.state().xml;
      answer = await host.blocksAhead.service({
        op: 'toBlocks',
        files: host.programFiles(),
        ...(xml ? { previousXml: xml } : {}),
      });
    } catch {
      if (sequence === this.sequence) host.update({ switching: null, notice: 'toBlocksFailed' });
      return;
    }
    if (sequence !== this.sequence || host.disposed()) return;
    switchStep('to-blocks');
    this.pendingFrom = from;
    if (answer.greyLines.length > 0) {
      const greyLines = pythonLines ? onPythonLines(answer.greyLines, pythonLines) : answer.greyLines;
      host.update({ switching: { to: 'blocks', phase: 'confirm', greyLines, xml: answer.xml } });
    } else host.apply('blocks', { xml: answer.xml });
  }

  /** Continue to blocks although some code becomes grey blocks. */
  confirm(): void {
    const switching = this.host.state().switching;
    if (switching?.phase !== 'confirm') return;
    this.host.apply('blocks', { xml: switching.xml });
  }

  /** Stay in JavaScript (or Python). */
  cancel(): void {
    this.sequence++;
    this.pendingFrom = undefined;
    this.host.update({ switching: null });
  }

  /** Conversions still on their way no longer count (the session closed). */
  drop(): void {
    this.sequence++;
  }

  /** The texts were replaced from outside: what they were made from no longer matters. */
  forget(): void {
    this.convertedFrom = undefined;
    this.pythonFrom = undefined;
  }

  /** The session is about to show `mode`: blocks made from code remember that code. */
  applying(mode: EditorMode, xml: string | undefined): void {
    if (mode === 'blocks' && xml !== undefined && this.pendingFrom !== undefined) {
      this.convertedFrom = { code: this.pendingFrom, xml };
    }
    this.pendingFrom = undefined;
  }

  /** To Python from blocks or JavaScript, through the code of what is on screen. */
  private async switchToPython(sequence: number): Promise<void> {
    const host = this.host;
    const current = () => sequence === this.sequence && !host.disposed();
    let python: string;
    let code: string;
    try {
      const xml = host.state().xml;
      let answer: ToPythonAnswer;
      const source = this.pythonSource(xml);
      if (source) {
        // Blocks -> code -> Python in one worker request: the code is the blocks' own.
        answer = await host.toPython(source);
        code = answer.code;
      } else {
        code = await this.codeOfBlocks(xml);
        if (!current()) return;
        answer = await host.toPython({ code });
      }
      if (!current()) return;
      const lost = answer.warnings[0];
      if (lost) {
        host.update({
          switching: null,
          notice: 'toPythonLoses',
          noticeReason: { line: lost.line, message: lost.message },
        });
        return;
      }
      python = this.pythonFrom?.code === code ? this.pythonFrom.python : answer.python;
    } catch {
      if (current()) host.update({ switching: null, notice: 'toPythonFailed' });
      return;
    }
    this.pythonFrom = undefined;
    switchStep('convert');
    host.apply('python', { code, python });
  }

  /**
   * What a switch to Python now converts in one request (the blocks' XML, or main.ts in
   * JavaScript), so the page can convert it ahead; undefined when it takes two steps (blocks
   * made from code, whose code is the learner's own when they are unchanged) or in Python.
   */
  pythonSource(blocks?: string): ToPythonSource | undefined {
    const state = this.host.state();
    if (state.mode === 'blocks') return this.convertedFrom ? undefined : { xml: blocks ?? state.xml };
    return state.mode === 'javascript' ? { code: state.code } : undefined;
  }

  /**
   * The TypeScript of the Python on screen, before leaving Python: the main.py line of each of its
   * lines, or undefined (and the learner stays in Python with a notice saying why) when it cannot
   * be converted.
   */
  private async leavePython(sequence: number): Promise<readonly (readonly [number, number])[] | undefined> {
    const host = this.host;
    let answer: FromPythonAnswer;
    const python = host.state().python;
    try {
      answer = await host.blocksAhead.service({ op: 'fromPython', python, files: host.programFiles() });
    } catch {
      if (sequence === this.sequence) host.update({ switching: null, notice: 'fromPythonFailed' });
      return undefined;
    }
    if (sequence !== this.sequence || host.disposed()) return undefined;
    if (answer.code === null) {
      const first = answer.diagnostics[0];
      host.update({
        switching: null,
        notice: 'fromPythonCannot',
        ...(first ? { noticeReason: { line: first.line, message: first.message } } : {}),
      });
      return undefined;
    }
    this.pythonFrom = { python, code: answer.code };
    if (answer.code !== host.state().code) host.saveCode(answer.code);
    // Blocks are made from this code, not from blocks shown before Python.
    this.convertedFrom = undefined;
    return answer.lineMap;
  }

  /** main.ts for the blocks `xml`: the learner's own code when the blocks are still what it made. */
  private async codeOfBlocks(xml: string): Promise<string> {
    const from = this.convertedFrom;
    const toCode = (blocks: string) => this.host.compiler.service({ op: 'toCode', xml: blocks });
    if (from && from.xml === xml) return from.code;
    // The Python made ahead of these very blocks came with their code: the switch to JavaScript
    // needs no request then (the worker may be busy with the edit just sent).
    const ahead = from ? undefined : this.host.madeAhead({ xml });
    if (ahead) {
      const code = await ahead.then(
        (answer) => answer.code,
        () => undefined,
      );
      if (code !== undefined) return code;
    }
    const [now, then] = await Promise.all([toCode(xml), from ? toCode(from.xml) : undefined]);
    return from && then && then.code === now.code ? from.code : now.code;
  }
}

/**
 * Ranges of main.ts lines as the main.py lines they came from (`lines[i]` is where line i + 1
 * came from), in order, joined where they meet; a range with no known line keeps its own.
 */
function onPythonLines<Range extends { start: number; end: number }>(
  ranges: readonly Range[],
  lines: readonly (readonly [number, number])[],
): Range[] {
  const moved = ranges.map((range) => {
    const at = lines.slice(range.start - 1, range.end).map(([line]) => line);
    return at.length > 0 ? { ...range, start: Math.min(...at), end: Math.max(...at) } : range;
  });
  moved.sort((a, b) => a.start - b.start);
  const joined: Range[] = [];
  for (const range of moved) {
    const last = joined.at(-1);
    if (last && range.start <= last.end + 1)
      joined[joined.length - 1] = { ...last, end: Math.max(last.end, range.end) };
    else joined.push(range);
  }
  return joined;
}
