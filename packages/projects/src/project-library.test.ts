import { describe, expect, it } from 'vitest';
import { files, memoryStore, settle } from '../test/helpers.ts';
import { MemoryBroadcastHub } from './broadcast-port.ts';
import { ProjectLibrary } from './project-library.ts';
import type { ProjectsTabMessage } from './tab-protocol.ts';
import { TabSyncedProjectStore } from './tab-synced-project-store.ts';

describe('ProjectLibrary', () => {
  it('lists projects newest edit first and the trash separately', async () => {
    const { clock, store } = memoryStore();
    const library = new ProjectLibrary(store);
    expect(library.getState().status).toBe('loading');
    const a = await library.create({ name: 'A', files: files('') });
    clock.advance(1000);
    await library.create({ name: 'B', files: files('') });
    clock.advance(1000);
    await library.rename(a.id, 'A2');
    expect(library.getState().projects.map((p) => p.name)).toEqual(['A2', 'B']);
    await library.trash(a.id);
    expect(library.getState()).toMatchObject({ status: 'ready', projects: [{ name: 'B' }], trash: [{ name: 'A2' }] });
    await library.restore(a.id);
    expect(library.getState().trash).toEqual([]);
    const copy = await library.duplicate(a.id, 'A2 copy');
    expect(copy.files).toEqual(files(''));
    expect(library.names().sort()).toEqual(['A2', 'A2 copy', 'B']);
    await library.trash(copy.id);
    await library.purge(copy.id);
    expect(library.names().sort()).toEqual(['A2', 'B']);
  });

  it('createToOpen leaves the lists to the next visit, which shows the project', async () => {
    const { store } = memoryStore();
    const hub = new MemoryBroadcastHub<ProjectsTabMessage>();
    const here = new TabSyncedProjectStore(store, hub.connect(), 'here');
    const library = new ProjectLibrary(here, here);
    await library.load();
    let notified = 0;
    const leave = library.subscribe(() => notified++);
    let listings = 0;
    const list = here.list.bind(here);
    here.list = () => {
      listings++;
      return list();
    };
    const project = await library.createToOpen({ name: 'Rocket', files: files('') });
    expect(project.name).toBe('Rocket');
    await settle();
    // The home page still watching while the editor's page loads: no read, no redraw.
    expect(listings).toBe(0);
    expect(notified).toBe(0);
    expect(library.getState().projects).toEqual([]);
    leave();
    // The next visit reads them.
    library.subscribe(() => undefined);
    await settle();
    expect(listings).toBe(1);
    expect(library.getState().projects.map((p) => p.name)).toEqual(['Rocket']);
    // And changes are followed again while watched.
    await here.create({ name: 'Comet', files: files('') });
    await settle();
    expect(
      library
        .getState()
        .projects.map((p) => p.name)
        .sort(),
    ).toEqual(['Comet', 'Rocket']);
    library.dispose();
  });

  it('createToOpen marks the lists stale when the store reports no changes', async () => {
    const { store } = memoryStore();
    const library = new ProjectLibrary(store);
    await library.createToOpen({ name: 'Rocket', files: files('') });
    await settle();
    expect(library.getState().status).toBe('loading');
    library.subscribe(() => undefined);
    await settle();
    expect(library.getState()).toMatchObject({ status: 'ready', projects: [{ name: 'Rocket' }] });
  });

  it('hands the project createToOpen stored to the editor once, by its id', async () => {
    const { store } = memoryStore();
    const library = new ProjectLibrary(store);
    const project = await library.createToOpen({ name: 'Rocket', files: files('') });
    expect(library.takeOpened('another')).toBeUndefined();
    expect(library.takeOpened(project.id)).toEqual(await store.get(project.id));
    expect(library.takeOpened(project.id)).toBeUndefined();
    await library.create({ name: 'Other', files: files('') });
    expect(library.takeOpened(project.id)).toBeUndefined();
  });

  it('shows damaged records next to the readable ones', async () => {
    const { store } = memoryStore();
    await store.create({ name: 'Fine', files: files('') });
    store.putRaw('projects', 'broken', { id: 'broken', name: 'Broken', revision: -1 });
    const library = new ProjectLibrary(store);
    await library.load();
    expect(library.getState().projects.map((p) => p.name)).toEqual(['Fine']);
    expect(library.getState().damaged).toMatchObject([{ key: 'broken', name: 'Broken' }]);
  });

  it('refreshes when another tab changes something', async () => {
    const { store } = memoryStore();
    const hub = new MemoryBroadcastHub<ProjectsTabMessage>();
    const here = new TabSyncedProjectStore(store, hub.connect(), 'here');
    const there = new TabSyncedProjectStore(store, hub.connect(), 'there');
    const library = new ProjectLibrary(here, here);
    await library.load();
    let notified = 0;
    library.subscribe(() => notified++);
    await there.create({ name: 'From the other tab', files: files('') });
    await settle();
    expect(library.getState().projects.map((p) => p.name)).toEqual(['From the other tab']);
    expect(notified).toBeGreaterThan(0);
    library.dispose();
  });

  it('shows this tab’s own saves and new thumbnails: at once while watched, else on the next watch', async () => {
    const { store } = memoryStore();
    const hub = new MemoryBroadcastHub<ProjectsTabMessage>();
    const here = new TabSyncedProjectStore(store, hub.connect(), 'here');
    const library = new ProjectLibrary(here, here);
    const project = await library.create({ name: 'Robot', files: files('') });
    // Nobody watches (the learner is in the editor): saves cost no listing.
    let listings = 0;
    const list = here.list.bind(here);
    here.list = () => {
      listings++;
      return list();
    };
    const saved = await here.save(
      project.id,
      { files: files('basic.pause(1)') },
      { expectedRevision: project.revision },
    );
    if (saved.status !== 'saved') throw new Error('not saved');
    await here.save(
      project.id,
      { thumbnail: 'data:image/png;base64,AAAA' },
      { expectedRevision: saved.project.revision },
    );
    await settle();
    expect(listings).toBe(0);
    // Back on the home screen: the card has its thumbnail and its new edit time, no reload needed.
    const unsubscribe = library.subscribe(() => undefined);
    await settle();
    expect(listings).toBe(1);
    expect(library.getState().projects[0]).toMatchObject({
      thumbnail: 'data:image/png;base64,AAAA',
      updatedAt: saved.project.updatedAt,
    });
    // While watched, a change is listed at once.
    await here.save(
      project.id,
      { thumbnail: 'data:image/png;base64,BBBB' },
      { expectedRevision: saved.project.revision },
    );
    await settle();
    expect(library.getState().projects[0]?.thumbnail).toBe('data:image/png;base64,BBBB');
    unsubscribe();
    library.dispose();
  });

  it('reports a listing that fails as an error state', async () => {
    const { store } = memoryStore();
    store.list = () => Promise.reject(new Error('database gone'));
    const library = new ProjectLibrary(store);
    await library.load();
    expect(library.getState()).toMatchObject({ status: 'error', error: { code: 'failed', message: 'database gone' } });
  });

  it('imports several projects at once', async () => {
    const { store } = memoryStore();
    const library = new ProjectLibrary(store);
    const created = await library.importProjects([
      { name: 'One', files: files('1') },
      { name: 'Two', files: files('2') },
    ]);
    expect(created.map((p) => p.name)).toEqual(['One', 'Two']);
    expect((await store.listVersions(created[0]!.id))[0]?.reason).toBe('import');
  });
});
