// The Python of the program made while the page is idle, so that pressing the Python tab only
// has to show it: at 1,000 blocks the worker's conversion was most of the first switch (about
// 0.3-1.2 s, bench python-tab), and the worker may be busy with a run when the tab is pressed.
// An answer is only ever used for the very text it was made from (the blocks' XML or main.ts,
// compared whole), so an edit made since is converted afresh, never shown from before.

import type { ToPythonAnswer } from '@blockyard/compiler-worker';

/** What is converted: the blocks (XML, through their code) or main.ts. */
export type ToPythonSource = { readonly xml: string } | { readonly code: string };

interface Kept {
  readonly source: ToPythonSource;
  readonly answer: Promise<ToPythonAnswer>;
}

function same(a: ToPythonSource, b: ToPythonSource): boolean {
  if ('xml' in a) return 'xml' in b && a.xml === b.xml;
  return 'code' in b && a.code === b.code;
}

export class PythonAhead {
  /** The last conversion asked for (maybe still on its way): one program's worth is kept. */
  private kept: Kept | undefined;

  constructor(private readonly request: (source: ToPythonSource) => Promise<ToPythonAnswer>) {}

  /** Converts `source` now, to have it when the tab is pressed (once per text). */
  ahead(source: ToPythonSource): Promise<unknown> {
    return this.convert(source);
  }

  /** The Python of exactly `source`: the conversion made ahead when it was of this text. */
  convert(source: ToPythonSource): Promise<ToPythonAnswer> {
    const kept = this.kept;
    if (kept && same(kept.source, source)) return kept.answer;
    const answer = this.request(source);
    const entry: Kept = { source, answer };
    this.kept = entry;
    // A failed conversion is not kept: the next press asks again.
    answer.catch(() => {
      if (this.kept === entry) this.kept = undefined;
    });
    return answer;
  }

  /**
   * The conversion already asked for exactly `source`, without asking for one: its `code` is
   * the blocks' JavaScript, which the switch to JavaScript needs too.
   */
  made(source: ToPythonSource): Promise<ToPythonAnswer> | undefined {
    const kept = this.kept;
    return kept && same(kept.source, source) ? kept.answer : undefined;
  }

  /**
   * The same text may convert differently now (the project's extensions changed what the API
   * holds): nothing made before counts.
   */
  forget(): void {
    this.kept = undefined;
  }
}
