import { describe, expect, it, vi } from 'vitest';
import { AppUpdate, type WorkerContainer } from './app-update.ts';

class FakeWorker {
  state = 'installing';
  readonly messages: unknown[] = [];
  private readonly listeners: (() => void)[] = [];
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  addEventListener(_type: 'statechange', listener: () => void) {
    this.listeners.push(listener);
  }
  become(state: string) {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}

class FakeRegistration {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  private readonly listeners: (() => void)[] = [];
  addEventListener(_type: 'updatefound', listener: () => void) {
    this.listeners.push(listener);
  }
  found(worker: FakeWorker) {
    this.installing = worker;
    for (const listener of this.listeners) listener();
  }
}

function container(registration: FakeRegistration, controller: unknown) {
  const changes: (() => void)[] = [];
  const fake = {
    controller,
    registered: [] as string[],
    register(url: string) {
      this.registered.push(url);
      return Promise.resolve(registration);
    },
    addEventListener(_type: 'controllerchange', listener: () => void) {
      changes.push(listener);
    },
    changeController() {
      for (const listener of changes) listener();
    },
  };
  return fake satisfies WorkerContainer;
}

describe('AppUpdate', () => {
  it('registers /sw.js and says nothing on the first install', async () => {
    const registration = new FakeRegistration();
    const workers = container(registration, null);
    const update = new AppUpdate(() => undefined);
    await update.start(workers);
    expect(workers.registered).toEqual(['/sw.js']);
    const first = new FakeWorker();
    registration.found(first);
    first.become('installed');
    expect(update.getState()).toBe(false);
  });

  it("offers the new version once it is installed, and reloads only after the learner's yes", async () => {
    const registration = new FakeRegistration();
    const workers = container(registration, {});
    const reload = vi.fn();
    const update = new AppUpdate(reload);
    const seen = vi.fn();
    update.subscribe(seen);
    await update.start(workers);
    const next = new FakeWorker();
    registration.found(next);
    expect(update.getState()).toBe(false);
    next.become('installed');
    expect(update.getState()).toBe(true);
    expect(seen).toHaveBeenCalledTimes(1);
    // Another tab switching workers does not reload this one.
    workers.changeController();
    expect(reload).not.toHaveBeenCalled();
    update.apply();
    expect(next.messages).toEqual([{ type: 'skip-waiting' }]);
    expect(reload).not.toHaveBeenCalled();
    workers.changeController();
    workers.changeController();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('finds a version already waiting, and "later" puts the notice away', async () => {
    const registration = new FakeRegistration();
    registration.waiting = new FakeWorker();
    const update = new AppUpdate(() => undefined);
    await update.start(container(registration, {}));
    expect(update.getState()).toBe(true);
    update.dismiss();
    expect(update.getState()).toBe(false);
  });

  it('does without an offline copy when registering fails', async () => {
    const update = new AppUpdate(() => undefined);
    const refused: WorkerContainer = {
      controller: null,
      register: () => Promise.reject(new Error('blocked')),
      addEventListener: () => undefined,
    };
    await expect(update.start(refused)).resolves.toBeUndefined();
    expect(update.getState()).toBe(false);
    // Playwright's `serviceWorkers: 'block'` resolves with no registration at all.
    await expect(update.start({ ...refused, register: () => Promise.resolve(undefined) })).resolves.toBeUndefined();
    expect(update.getState()).toBe(false);
  });
});
