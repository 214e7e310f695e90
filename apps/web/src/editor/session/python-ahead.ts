// The Python of the program made while the page is idle, so that pressing the Python tab only
// has to show it: at 1,000 blocks the worker's conversion was most of the first switch (about
// 0.3-1.2 s, bench python-tab), and the worker may be busy with a run when the tab is pressed.
// An answer is only ever used for the very text it was made from (the blocks' XML or main.ts,
// compared whole), so an edit made since is converted afresh, never shown from before.

import type { ToPythonAnswer } from '@blockyard/compiler-worker';
import { KeptAnswers } from './kept-answers.ts';

/** What is converted: the blocks (XML, through their code) or main.ts. */
export type ToPythonSource = { readonly xml: string } | { readonly code: string };

/** Two sources are the same when their keys are. */
function keyOf(source: ToPythonSource): string {
  return 'xml' in source ? `xml:${source.xml}` : `code:${source.code}`;
}

export class PythonAhead {
  /** The last conversion asked for (maybe still on its way): one program's worth is kept. */
  private readonly kept = new KeptAnswers<ToPythonAnswer>();

  constructor(private readonly request: (source: ToPythonSource) => Promise<ToPythonAnswer>) {}

  /** Converts `source` now, to have it when the tab is pressed (once per text). */
  ahead(source: ToPythonSource): Promise<unknown> {
    return this.convert(source);
  }

  /** The Python of exactly `source`: the conversion made ahead when it was of this text. */
  convert(source: ToPythonSource): Promise<ToPythonAnswer> {
    const key = keyOf(source);
    const kept = this.kept.get(key);
    if (kept) return kept;
    this.kept.clear();
    return this.kept.keep(key, () => this.request(source));
  }

  /**
   * The conversion already asked for exactly `source`, without asking for one: its `code` is
   * the blocks' JavaScript, which the switch to JavaScript needs too.
   */
  made(source: ToPythonSource): Promise<ToPythonAnswer> | undefined {
    return this.kept.get(keyOf(source));
  }

  /**
   * The same text may convert differently now (the project's extensions changed what the API
   * holds): nothing made before counts.
   */
  forget(): void {
    this.kept.clear();
  }
}
