import { describe, expect, it } from 'vitest';
import { KeptAnswers } from './kept-answers.ts';

describe('KeptAnswers', () => {
  it('asks once per key and gives the kept answer after', async () => {
    const answers = new KeptAnswers<number>();
    let asked = 0;
    const ask = () => Promise.resolve(++asked);
    expect(await answers.keep('a', ask)).toBe(1);
    expect(await answers.keep('a', ask)).toBe(1);
    expect(await answers.get('a')).toBe(1);
    expect(answers.get('b')).toBeUndefined();
    answers.clear();
    expect(await answers.keep('a', ask)).toBe(2);
  });

  it('drops a failed answer, so the next ask tries again', async () => {
    const answers = new KeptAnswers<string>();
    await expect(answers.keep('a', () => Promise.reject(new Error('worker gone')))).rejects.toThrow('worker gone');
    expect(answers.get('a')).toBeUndefined();
    expect(await answers.keep('a', () => Promise.resolve('ok'))).toBe('ok');
  });
});
