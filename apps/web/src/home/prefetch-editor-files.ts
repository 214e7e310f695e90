// The editor's files ahead of New project (bench first-minute, the learner who presses at once):
// the build names them in index.html (build/editor-prefetch-plugin.ts); once the home page has
// drawn it asks for them at low priority. Scripts as module preloads: fetched and compiled (on V8's
// background threads, the main thread's part about 1 ms for all) but not run; styles as
// prefetches, into the HTTP cache. Running the code still waits for the New project dialog or idle
// time (fetch-editor-when-idle.ts), so it cannot land on the press; when it comes, it no longer
// waits on ~20 requests nor on their compile (which, as prefetches only, ended after Enter: a
// learner who pressed at once waited for it).

/** The <meta> the build writes (the same name there); its content is the paths, space-separated. */
export const EDITOR_FILES_META = 'blockyard-editor-files';

interface PrefetchHost {
  document: Document;
  navigator?: { connection?: { saveData?: boolean } };
}

/**
 * Asks for each listed file once (skips what the page already asked for). Not when saving data.
 */
export function prefetchEditorFiles(host: PrefetchHost = window as unknown as PrefetchHost): void {
  if (host.navigator?.connection?.saveData) return;
  const doc = host.document;
  const meta = doc.querySelector(`meta[name="${EDITOR_FILES_META}"]`);
  const files = (meta?.getAttribute('content') ?? '').split(' ').filter((file) => file !== '');
  const asked = new Set([...doc.querySelectorAll('link[href]')].map((link) => link.getAttribute('href')));
  for (const href of files) {
    if (asked.has(href)) continue;
    const link = doc.createElement('link');
    const script = href.endsWith('.js');
    link.rel = script ? 'modulepreload' : 'prefetch';
    // Behind the home page's own requests (live translations, sign-in) on the same connections.
    if (script) link.setAttribute('fetchpriority', 'low');
    link.href = href;
    // Module scripts are fetched in CORS mode; ask the same way.
    link.crossOrigin = 'anonymous';
    doc.head.append(link);
  }
}
