// Every file of every example, in one chunk that loads the first time an example is opened.
const files = import.meta.glob<string>('../../../../content/examples/*/*', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Example id (folder name) -> file name -> text. */
export const exampleSources: ReadonlyMap<string, Readonly<Record<string, string>>> = (() => {
  const byExample = new Map<string, Record<string, string>>();
  for (const [path, text] of Object.entries(files)) {
    const [folder, file] = path.split('/').slice(-2);
    if (!folder || !file) continue;
    const entry = byExample.get(folder) ?? {};
    entry[file] = text;
    byExample.set(folder, entry);
  }
  return byExample;
})();
