import { describe, expect, it } from 'vitest';
import { entryChunks, staticallyReachable, type ModuleLinks } from './entry-chunks.ts';

// app.html -> main -> { react, home }, sim.html -> sim -> { react, board };
// home imports a package index that also names the board (tree-shaken or not).
const graph: Record<string, string[]> = {
  'app.html': ['main'],
  main: ['react', 'home'],
  home: ['react', 'ui-index'],
  'ui-index': ['button', 'board'],
  'sim.html': ['sim'],
  sim: ['react', 'board'],
  react: [],
  button: [],
  board: [],
};
const lookup = (id: string): ModuleLinks | null => (id in graph ? { importedIds: graph[id] ?? [] } : null);

describe('entry chunks', () => {
  it('follows static imports, past modules it knows nothing of', () => {
    expect([...staticallyReachable('sim.html', lookup)].sort()).toEqual(['board', 'react', 'sim', 'sim.html']);
    expect(staticallyReachable('main', (id) => (id === 'main' ? { importedIds: ['gone'] } : null))).toEqual(
      new Set(['main', 'gone']),
    );
  });

  it("puts what only the app reaches in the app's chunk and what both may reach in the shared one", () => {
    const chunk = entryChunks('app.html', 'sim.html');
    expect(chunk('main', lookup)).toBe('app');
    expect(chunk('home', lookup)).toBe('app');
    expect(chunk('button', lookup)).toBe('app');
    expect(chunk('react', lookup)).toBe('shared');
    // Reached by both (the app through a package index): the simulator must not load the app's chunk.
    expect(chunk('board', lookup)).toBe('shared');
    // The simulator's own: left to rolldown.
    expect(chunk('sim', lookup)).toBeNull();
  });
});
