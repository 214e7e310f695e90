// Runs an attack expression inside a page, frame or worker the way code that got past the
// compiler and the runtime would run it. DevTools' evaluate may use eval even where the
// Content-Security-Policy forbids it (CDP's allowUnsafeEvalBlockedByCSP), so the attack runs in a
// later task, outside that evaluation, where the page's own policy applies.

import type { Frame, Worker } from 'playwright-core';

/** 'ran <value>' when the expression ran (null and undefined count as 'nothing'), else 'blocked'. */
async function probe(target: Frame | Worker, expression: string): Promise<string> {
  const script = `new Promise((resolve) => setTimeout(() => {
    try {
      const value = (${expression});
      resolve(value === undefined || value === null ? 'nothing' : 'ran ' + String(value));
    } catch {
      resolve('blocked');
    }
  }, 0))`;
  // Frame and Worker each take a string expression; the union of their overloads does not.
  const result: unknown = 'childFrames' in target ? await target.evaluate(script) : await target.evaluate(script);
  return String(result);
}

/** Each named expression probed in turn. */
export async function probeAll(
  target: Frame | Worker,
  expressions: Record<string, string>,
): Promise<Record<string, string>> {
  const results: Record<string, string> = {};
  for (const [name, expression] of Object.entries(expressions)) results[name] = await probe(target, expression);
  return results;
}
