// How the app's entry is cut into chunks, for the home page's first load (bench first-minute,
// issue 12 item 4). Left to itself, rolldown split the modules the entry loads at once into
// seven chunks by which lazy pages and whether the simulator's entry also use them; with the
// two style sheets and the first-paint script the home page asked for 11 files after
// index.html, two waves on HTTP/1.1's six connections. Here the entry's modules go into two
// chunks: `shared`, what the simulator's page may also load at once (React, the shared UI),
// and the entry chunk itself (the app's own). The home page then asks for six files in one
// wave. Lazy pages import from both as before; nothing the entry does not load joins them.

/** What the chunker needs of a module (a part of rolldown's ModuleInfo). */
export interface ModuleLinks {
  readonly importedIds: readonly string[];
}

type ModuleLookup = (id: string) => ModuleLinks | null;

/**
 * Every module `entry` reaches by static imports, tree-shaken or not: more than the page
 * loads (a package's index names all its modules), never less.
 */
export function staticallyReachable(entry: string, lookup: ModuleLookup): Set<string> {
  const seen = new Set<string>();
  const pending = [entry];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(lookup(id)?.importedIds ?? []));
  }
  return seen;
}

type EntryChunk = 'shared' | 'app';

/**
 * Which chunk a module the pages load at once goes into (rolldown's `$initial` modules: the
 * app's or the simulator's); null leaves it to rolldown. A module the simulator's entry cannot
 * reach is the app's own: it joins the app's entry chunk, which the simulator never loads. One
 * both may reach is shared; the simulator's own stay with rolldown's chunking.
 */
export function entryChunks(appEntry: string, simEntry: string) {
  let reach: { app: Set<string>; sim: Set<string> } | undefined;
  return (id: string, lookup: ModuleLookup): EntryChunk | null => {
    reach ??= {
      app: staticallyReachable(appEntry, lookup),
      sim: staticallyReachable(simEntry, lookup),
    };
    if (!reach.sim.has(id)) return 'app';
    return reach.app.has(id) ? 'shared' : null;
  };
}
