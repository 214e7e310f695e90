import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteCodeEditorMade, warmCodeEditor } from './warm-code-editor.ts';

afterEach(() => {
  vi.useRealTimers();
});

const program = Array.from({ length: 400 }, (_, i) => `x${i} = ${i}`).join('\n');

describe('warmCodeEditor', () => {
  it('builds a hidden, inert editor on the first lines of the text, gone after a frame', async () => {
    // The editor lives one frame, which a polling wait can miss: look at it as it is added.
    type Seen = {
      host: HTMLElement;
      hidden: string | null;
      inert: boolean;
      visibility: string;
      label?: string | null;
      text: string;
    };
    const seen: Seen[] = [];
    const observer = new MutationObserver(() => {
      const editor = document.querySelector<HTMLElement>('.cm-editor');
      if (!editor || seen.length) return;
      const host = editor.parentElement!;
      seen.push({
        host,
        hidden: host.getAttribute('aria-hidden'),
        inert: host.inert,
        visibility: host.style.visibility,
        label: editor.querySelector('[aria-label]')?.getAttribute('aria-label'),
        text: editor.textContent ?? '',
      });
    });
    observer.observe(document.body, { childList: true, subtree: true });
    await warmCodeEditor(program, 'python');
    observer.disconnect();
    const [first] = seen;
    expect(first).toBeDefined();
    // Never seen, never reached by keyboard or assistive technology.
    expect(first!.hidden).toBe('true');
    expect(first!.inert).toBe(true);
    expect(first!.visibility).toBe('hidden');
    expect(first!.label).toBe('');
    // Only a first screen's worth of the program.
    expect(first!.text).toContain('x0 = 0');
    expect(first!.text).not.toContain('x399 = 399');
    // Gone once its frame has passed.
    expect(document.querySelector('.cm-editor')).toBeNull();
    expect(first!.host.isConnected).toBe(false);
  });

  it('is dropped without a frame too (a page in the background draws none)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
    void warmCodeEditor('x = 1', 'typescript');
    await vi.advanceTimersByTimeAsync(1);
    expect(document.querySelector('.cm-editor')).not.toBeNull();
    // The frame never comes (faked frames are not run here): the timer drops it.
    await vi.advanceTimersByTimeAsync(1000);
    expect(document.querySelector('.cm-editor')).toBeNull();
  });

  // A press on a tab that met the warm-up waited for all of it (one task of 77-283 ms, bench
  // python-tab round 21): now nothing runs in the asking task, and no step runs near a press.
  it('builds nothing in the task that asks, and nothing within a second of a key press', async () => {
    const entries = (name: string) => performance.getEntriesByName(`blockyard:code:warm:typescript${name}`);
    const [statesBefore, viewsBefore] = [entries(':state').length, entries('').length];
    const dropped = warmCodeEditor(program, 'typescript');
    expect(document.querySelector('.cm-editor')).toBeNull();
    const pressedAt = performance.now();
    dispatchEvent(new KeyboardEvent('keydown'));
    // The view lives for one frame only: wait for the warm-up to end, then read what it measured
    // (polling the page for the editor could miss it on a busy machine).
    await dropped;
    const states = entries(':state').slice(statesBefore);
    const views = entries('').slice(viewsBefore);
    expect({ states: states.length, views: views.length }).toEqual({ states: 1, views: 1 });
    expect(states[0]!.startTime).toBeGreaterThanOrEqual(pressedAt + 1000);
    expect(views[0]!.startTime).toBeGreaterThanOrEqual(states[0]!.startTime + states[0]!.duration);
    expect(document.querySelector('.cm-editor')).toBeNull();
  }, 20_000);

  // Last: the note lasts for the page (this module's life).
  it('does nothing once the learner has a code editor (no second editor on the page)', async () => {
    const dropped = warmCodeEditor(program, 'python');
    // Made while the warm-up waited for its first slice: it builds nothing then.
    noteCodeEditorMade();
    await dropped;
    expect(document.querySelector('.cm-editor')).toBeNull();
  });
});
