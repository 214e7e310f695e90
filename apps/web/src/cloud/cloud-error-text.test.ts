import { CloudHttpError, CloudOfflineError } from '@blockyard/cloud';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/i18n.ts';
import { cloudErrorText } from './cloud-error-text.ts';

const http = (status: number) => new CloudHttpError(status, '/api/x', undefined, 'details');

describe('cloudErrorText', () => {
  it('says what happened in plain words, never the technical status line', async () => {
    const { t } = await createI18n('en');
    const texts = [
      new CloudOfflineError('/api/x'),
      new TypeError('Failed to fetch'),
      http(0),
      http(401),
      http(404),
      http(413),
      http(429),
      http(503),
      http(400),
      new Error('odd'),
    ].map((error) => cloudErrorText(error, t));
    expect(texts[0]).toMatch(/could not reach the Blockyard server/);
    expect(texts[1]).toBe(texts[0]);
    expect(texts[2]).toBe(texts[0]);
    expect(texts[3]).toMatch(/signing in again/);
    expect(texts[4]).toMatch(/does not have this/);
    expect(texts[5]).toMatch(/too big/);
    expect(texts[6]).toMatch(/Wait a minute/);
    expect(texts[7]).toMatch(/had a problem/);
    expect(texts[8]).toMatch(/could not do this just now/);
    expect(texts[9]).toBe(texts[8]);
    for (const text of texts) expect(text).not.toMatch(/Bad HTTP|status code|cloud\.errors/);
    expect(http(503).message).toBe('Bad HTTP status code: 503 at /api/x; message: details'); // kept for the log
  });
});
