import { ManualClock } from '@blockyard/core';
import { AutosaveController, MemoryProjectStore, sequentialIds } from '@blockyard/projects';
import { describe, expect, it } from 'vitest';
import { thumbnailSaver } from './thumbnail-saver.ts';

describe('thumbnails from the simulator', () => {
  it('saves the last frame as a PNG data URL without a new revision', async () => {
    const clock = new ManualClock(1_000_000);
    const store = new MemoryProjectStore({ clock, newId: sequentialIds('p-') });
    const project = await store.create({ name: 'Thumb', files: { 'pxt.json': '{}', 'main.ts': '' } });
    const autosave = new AutosaveController({ store, clock, project });
    const save = thumbnailSaver(store, () => autosave);
    save([new Uint8Array([1, 2]), new Uint8Array([137, 80, 78, 71])]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const saved = await store.get(project.id);
    expect(saved.thumbnail).toBe('data:image/png;base64,iVBORw==');
    expect(saved.revision).toBe(project.revision);
  });

  it('does nothing without frames', async () => {
    const clock = new ManualClock(1_000_000);
    const store = new MemoryProjectStore({ clock, newId: sequentialIds('p-') });
    const project = await store.create({ name: 'Thumb', files: { 'pxt.json': '{}', 'main.ts': '' } });
    thumbnailSaver(store, () => new AutosaveController({ store, clock, project }))([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await store.get(project.id)).thumbnail).toBeUndefined();
  });

  // Issue 21: a forged 20 MB thumbnail froze the editor for seconds per message.
  it('keeps only small PNG files, and one at a time', async () => {
    const clock = new ManualClock(1_000_000);
    const store = new MemoryProjectStore({ clock, newId: sequentialIds('p-') });
    const project = await store.create({ name: 'Thumb', files: { 'pxt.json': '{}', 'main.ts': '' } });
    const autosave = new AutosaveController({ store, clock, project });
    const encoded: number[] = [];
    const save = thumbnailSaver(
      store,
      () => autosave,
      (png) => {
        encoded.push(png.byteLength);
        return new Promise((resolve) => setTimeout(() => resolve('data:image/png;base64,AA=='), 5));
      },
    );
    const huge = new Uint8Array(20 * 1024 * 1024);
    huge.set([137, 80, 78, 71]);
    save([huge]);
    save([new Uint8Array([1, 2, 3, 4])]);
    const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);
    save([png]);
    save([png]);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(encoded).toEqual([8]);
  });
});
