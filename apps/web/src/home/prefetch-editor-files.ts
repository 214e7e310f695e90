// The editor's files ahead of New project (bench first-minute, the learner who presses at once):
// the build names them in index.html (build/editor-prefetch-plugin.ts); once the home page has
// drawn it asks for them as prefetches, at the browser's lowest priority, into the HTTP cache.
// Nothing runs: reading the code still waits for the New project dialog or idle time
// (fetch-editor-when-idle.ts), so it cannot land on the press, but it no longer waits on ~20
// requests then.

/** The <meta> the build writes (the same name there); its content is the paths, space-separated. */
export const EDITOR_FILES_META = 'blockyard-editor-files';

interface PrefetchHost {
  document: Document;
  navigator?: { connection?: { saveData?: boolean } };
}

/** Asks for each listed file once (skips what the page already asked for). Not when saving data. */
export function prefetchEditorFiles(host: PrefetchHost = window as unknown as PrefetchHost): void {
  if (host.navigator?.connection?.saveData) return;
  const doc = host.document;
  const meta = doc.querySelector(`meta[name="${EDITOR_FILES_META}"]`);
  const files = (meta?.getAttribute('content') ?? '').split(' ').filter((file) => file !== '');
  const asked = new Set([...doc.querySelectorAll('link[href]')].map((link) => link.getAttribute('href')));
  for (const href of files) {
    if (asked.has(href)) continue;
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    // Module scripts are fetched in CORS mode; ask the same way.
    link.crossOrigin = 'anonymous';
    doc.head.append(link);
  }
}
