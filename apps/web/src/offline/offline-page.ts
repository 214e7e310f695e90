// The page the service worker answers with when the network is off and the address asked for
// was not kept for offline use: plain words instead of the browser's own error. It is built from
// strings alone (no scripts, no files to load), so it shows even when nothing is cached.

/** The translated words of the page (`offlinePage` in the translation files). */
export interface OfflinePageTexts {
  readonly title: string;
  readonly text: string;
  readonly safe: string;
  readonly tryAgain: string;
  readonly home: string;
}

/** The `offlinePage` texts for each language the build has, English always among them. */
export type OfflinePageTextsByLanguage = Readonly<Record<string, OfflinePageTexts>>;

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c] ?? c);

/** The first of `languages` the build has texts for (`pt-BR` also matches `pt`), else English. */
export function pickOfflineLanguage(byLanguage: OfflinePageTextsByLanguage, languages: readonly string[]): string {
  const codes = Object.keys(byLanguage);
  for (const wanted of languages) {
    const lower = wanted.toLowerCase();
    const exact = codes.find((code) => code.toLowerCase() === lower);
    const base = codes.find((code) => code.toLowerCase().split('-')[0] === lower.split('-')[0]);
    const found = exact ?? base;
    if (found) return found;
  }
  return 'en';
}

/** A whole page, with its style inline (nothing else may load while offline). */
export function renderOfflinePage(texts: OfflinePageTexts, language: string, rtl: boolean): string {
  return `<!doctype html>
<html lang="${escape(language)}" dir="${rtl ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(texts.title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f4f7fb; color: #1d2433;
    font-family: 'Nunito Variable', system-ui, sans-serif; }
  main { max-width: 34rem; margin: 1.5rem; padding: 2rem; background: #fff; border-radius: 1rem;
    box-shadow: 0 2px 12px rgba(29, 36, 51, 0.12); }
  h1 { margin-top: 0; font-size: 1.6rem; }
  p { font-size: 1.15rem; line-height: 1.5; }
  .actions { display: flex; gap: 0.75rem; flex-wrap: wrap; margin-top: 1.5rem; }
  a { display: inline-block; padding: 0.65rem 1.2rem; border-radius: 999px; font-weight: 700; text-decoration: none;
    border: 2px solid #2458c6; color: #2458c6; }
  a.primary { background: #2458c6; color: #fff; }
  a:focus-visible { outline: 3px solid #1d2433; outline-offset: 2px; }
  @media (prefers-color-scheme: dark) {
    body { background: #141925; color: #e8ecf4; }
    main { background: #1e2535; }
    a { border-color: #8fb2ff; color: #8fb2ff; }
    a.primary { background: #8fb2ff; color: #141925; }
  }
</style>
</head>
<body>
<main role="alert">
<h1>${escape(texts.title)}</h1>
<p>${escape(texts.text)}</p>
<p>${escape(texts.safe)}</p>
<div class="actions">
<a class="primary" href="">${escape(texts.tryAgain)}</a>
<a href="/">${escape(texts.home)}</a>
</div>
</main>
</body>
</html>
`;
}
