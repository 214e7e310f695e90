import { describe, expect, it } from 'vitest';
import { pickOfflineLanguage, renderOfflinePage, type OfflinePageTexts } from './offline-page.ts';

const english: OfflinePageTexts = {
  title: 'You are offline',
  text: 'This page was not saved.',
  safe: 'Your projects are safe.',
  tryAgain: 'Try again',
  home: 'Go to the home page',
};
const byLanguage = { en: english, 'pt-BR': { ...english, title: 'Você está offline' }, ar: english };

describe('the offline page', () => {
  it("picks the learner's language, by region or language alone, else English", () => {
    expect(pickOfflineLanguage(byLanguage, ['pt-BR', 'en'])).toBe('pt-BR');
    expect(pickOfflineLanguage(byLanguage, ['pt-PT'])).toBe('pt-BR');
    expect(pickOfflineLanguage(byLanguage, ['ar-EG'])).toBe('ar');
    expect(pickOfflineLanguage(byLanguage, ['xx', 'yy'])).toBe('en');
    expect(pickOfflineLanguage(byLanguage, [])).toBe('en');
  });

  it('says what happened and what to do, with a way to try again and home, and no scripts', () => {
    const html = renderOfflinePage(english, 'en', false);
    expect(html).toContain('<title>You are offline</title>');
    expect(html).toContain('Your projects are safe.');
    expect(html).toContain('<a class="primary" href="">Try again</a>');
    expect(html).toContain('<a href="/">Go to the home page</a>');
    expect(html).not.toContain('<script');
  });

  it('writes right-to-left languages right to left and escapes the words', () => {
    expect(renderOfflinePage(english, 'ar', true)).toContain('<html lang="ar" dir="rtl">');
    const html = renderOfflinePage({ ...english, title: 'a <b> & "c"' }, 'en', false);
    expect(html).toContain('a &lt;b&gt; &amp; &quot;c&quot;');
  });
});
