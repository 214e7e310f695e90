import { ManualClock } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import { ToastQueue } from './toasts.ts';

const messages = (queue: ToastQueue) => queue.getState().map((toast) => toast.message);

describe('ToastQueue', () => {
  it('takes a toast away after its lifetime, three times as long when it has links', () => {
    const clock = new ManualClock(0);
    const queue = new ToastQueue(clock, 1000);
    queue.show('plain');
    queue.show('with a link', { links: [{ label: 'Show line 1', run: () => undefined }] });
    clock.advance(1000);
    expect(messages(queue)).toEqual(['with a link']);
    clock.advance(2000);
    expect(messages(queue)).toEqual([]);
  });

  it('keeps at most three, the newest', () => {
    const queue = new ToastQueue(new ManualClock(0));
    for (const n of [1, 2, 3, 4]) queue.show(`toast ${n}`);
    expect(messages(queue)).toEqual(['toast 2', 'toast 3', 'toast 4']);
  });

  describe('during: a notice for slow work', () => {
    it('shows the notice only when the work says it is slow, until the work ends', async () => {
      const clock = new ManualClock(0);
      const queue = new ToastQueue(clock, 1000);
      let finish!: (value: string) => void;
      const result = queue.during('Getting ready…', (announce) => {
        announce();
        announce(); // once only
        return new Promise<string>((resolve) => (finish = resolve));
      });
      expect(messages(queue)).toEqual(['Getting ready…']);
      // Slow work outlives a toast's lifetime: the notice stays while it runs.
      clock.advance(5000);
      expect(messages(queue)).toEqual(['Getting ready…']);
      finish('built');
      expect(await result).toBe('built');
      expect(messages(queue)).toEqual([]);
    });

    it('takes the notice away when the work fails, and passes the failure on', async () => {
      const queue = new ToastQueue(new ManualClock(0));
      await expect(
        queue.during('Getting ready…', (announce) => {
          announce();
          return Promise.reject(new Error('no firmware'));
        }),
      ).rejects.toThrow('no firmware');
      expect(messages(queue)).toEqual([]);
    });

    it('shows nothing for work that never says it is slow, and leaves other toasts alone', async () => {
      const queue = new ToastQueue(new ManualClock(0));
      queue.show('Saved');
      await queue.during('Getting ready…', () => Promise.resolve(1));
      expect(messages(queue)).toEqual(['Saved']);
    });
  });
});
