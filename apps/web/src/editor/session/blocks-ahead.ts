// The blocks of the Python on screen, made while the page is idle, so that pressing the Blocks
// tab only has to draw them: at 1,000 blocks the worker's Python -> TypeScript -> blocks took
// about 125 ms of the 350 ms switch (bench python-tab, `backStep*`). The same two requests the
// switch sends (`fromPython`, then `toBlocks` on its code) are sent ahead, and an answer is only
// used for a request identical to the one it answered (every text and file compared whole), so
// a Python edit made since, or another extension, is converted afresh, never shown from before.

import type { ServiceAnswers, ServiceRequest } from '@blockyard/compiler-worker';
import { KeptAnswers } from './kept-answers.ts';
import type { SessionCompiler } from './session-types.ts';

type Ahead = Extract<ServiceRequest, { op: 'fromPython' | 'toBlocks' }>;

/** The request as text, files in name order (two requests are the same when their keys are). */
function keyOf(request: Ahead): string {
  const files = Object.keys(request.files)
    .sort()
    .map((name) => [name, request.files[name]]);
  return JSON.stringify({ ...request, files });
}

export class BlocksAhead {
  /** The last conversion made ahead: its two requests (maybe still on their way). */
  private readonly kept = new KeptAnswers<unknown>();

  constructor(private readonly compiler: SessionCompiler) {}

  /** The answer to `request`: the one made ahead when it was this very request. */
  service<R extends Ahead>(request: R): Promise<ServiceAnswers[R['op']]> {
    const kept = this.kept.get(keyOf(request));
    if (kept) return kept as Promise<ServiceAnswers[R['op']]>;
    return this.compiler.service(request);
  }

  /**
   * Converts `python` to blocks now as a switch to Blocks would (`files`: the program's files,
   * `previousXml`: the blocks shown before Python), to have it when the tab is pressed.
   */
  async ahead(python: string, files: Record<string, string>, previousXml: string): Promise<void> {
    const fromPython = this.keep({ op: 'fromPython', python, files });
    const code = (await fromPython).code;
    if (code === null) return;
    await this.keep({ op: 'toBlocks', files: { ...files, 'main.ts': code }, ...(previousXml ? { previousXml } : {}) });
  }

  /** Nothing made before counts (the API may convert the same text differently now). */
  forget(): void {
    this.kept.clear();
  }

  private keep<R extends Ahead>(request: R): Promise<ServiceAnswers[R['op']]> {
    const key = keyOf(request);
    // One conversion's worth is kept: a new Python drops the answers for the one before.
    if (request.op === 'fromPython' && !this.kept.get(key)) this.kept.clear();
    return this.kept.keep(key, () => this.compiler.service(request)) as Promise<ServiceAnswers[R['op']]>;
  }
}
