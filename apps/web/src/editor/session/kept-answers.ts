// Answers asked for ahead of a press (python-ahead.ts, blocks-ahead.ts), each kept under its
// request's key. A failed answer is dropped, so the next ask tries again.

export class KeptAnswers<T> {
  private readonly kept = new Map<string, Promise<T>>();

  /** The answer kept for `key`, if any (maybe still on its way). */
  get(key: string): Promise<T> | undefined {
    return this.kept.get(key);
  }

  /** The answer kept for `key`, else `ask()`'s, kept from now on. */
  keep(key: string, ask: () => Promise<T>): Promise<T> {
    const kept = this.kept.get(key);
    if (kept) return kept;
    const answer = ask();
    this.kept.set(key, answer);
    answer.catch(() => {
      if (this.kept.get(key) === answer) this.kept.delete(key);
    });
    return answer;
  }

  /** Nothing kept counts any more. */
  clear(): void {
    this.kept.clear();
  }
}
