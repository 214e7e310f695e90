import { ManualClock } from '@blockyard/core';
import { protocol } from '@blockyard/cloud';
import { MemoryProjectStore, sequentialIds } from '@blockyard/projects';
import { describe, expect, it } from 'vitest';
import { historyToShare } from './share-history.ts';

async function projectWithEdits(edits: string[]) {
  const clock = new ManualClock(1_000);
  const store = new MemoryProjectStore({ clock, newId: sequentialIds('p-') });
  let project = await store.create({ name: 'Dice', files: { 'main.ts': 'v0' } });
  for (const text of edits) {
    clock.advance(60_000);
    const saved = await store.save(project.id, { files: { 'main.ts': text } }, { expectedRevision: project.revision });
    if (saved.status !== 'saved') throw new Error('not saved');
    project = saved.project;
  }
  return { store, project };
}

describe('historyToShare', () => {
  it('gives the versions before the snapshot, oldest first, with their times', async () => {
    const { store, project } = await projectWithEdits(['v1', 'v2']);
    const history = await historyToShare(store, project.id, project.files);
    expect(history.map((v) => v.files['main.ts'])).toEqual(['v0', 'v1']);
    expect(history.map((v) => v.time)).toEqual([1_000, 61_000]);
  });

  it('keeps the newest versions within the count and size the server takes', async () => {
    const { store, project } = await projectWithEdits(['v1', 'v2', 'v3', 'v4']);
    const few = { ...protocol.DEFAULT_LIMITS, maxShareHistory: 2 };
    expect((await historyToShare(store, project.id, project.files, few)).map((v) => v.files['main.ts'])).toEqual([
      'v2',
      'v3',
    ]);
    // 16 characters: half for the history, less the snapshot's 2, leaves room for three versions of 2.
    const small = { ...protocol.DEFAULT_LIMITS, maxShareCharacters: 16 };
    expect((await historyToShare(store, project.id, project.files, small)).map((v) => v.files['main.ts'])).toEqual([
      'v1',
      'v2',
      'v3',
    ]);
  });
});
