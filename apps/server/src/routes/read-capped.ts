// Reading a code host's answer with a cap: both GitHub proxies count the bytes as they arrive,
// since an answer without a length (chunked, compressed) has no header to trust.

/** The code host's answer broke off before its end. */
export class AnswerBrokeOff extends Error {
  constructor() {
    super('The code host stopped answering halfway. Try again.');
  }
}

/** The body as text, or undefined once it runs past `limit` bytes (the rest is not read). */
export async function readCapped(response: Response, limit: number): Promise<string | undefined> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let part: { done: true; value?: undefined } | { done: false; value: Uint8Array };
    try {
      part = await reader.read();
    } catch {
      throw new AnswerBrokeOff();
    }
    if (part.done) break;
    size += part.value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(part.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
