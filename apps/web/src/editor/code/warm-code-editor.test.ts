import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteCodeEditorMade, warmCodeEditor } from './warm-code-editor.ts';

afterEach(() => {
  vi.useRealTimers();
});

const program = Array.from({ length: 400 }, (_, i) => `x${i} = ${i}`).join('\n');

describe('warmCodeEditor', () => {
  it('builds a hidden, inert editor on the first lines of the text, gone after a frame', async () => {
    const dropped = warmCodeEditor(program, 'python');
    const editor = document.querySelector('.cm-editor');
    expect(editor).not.toBeNull();
    const host = editor!.parentElement!;
    // Never seen, never reached by keyboard or assistive technology.
    expect(host.getAttribute('aria-hidden')).toBe('true');
    expect(host.inert).toBe(true);
    expect(host.style.visibility).toBe('hidden');
    expect(editor!.querySelector('[aria-label]')?.getAttribute('aria-label')).toBe('');
    // Only a first screen's worth of the program.
    expect(editor!.textContent).toContain('x0 = 0');
    expect(editor!.textContent).not.toContain('x399 = 399');
    await dropped;
    expect(document.querySelector('.cm-editor')).toBeNull();
    expect(host.isConnected).toBe(false);
  });

  it('is dropped without a frame too (a page in the background draws none)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
    void warmCodeEditor('x = 1', 'typescript');
    expect(document.querySelector('.cm-editor')).not.toBeNull();
    // The frame never comes (faked frames are not run here): the timer drops it.
    vi.advanceTimersByTime(1000);
    expect(document.querySelector('.cm-editor')).toBeNull();
  });

  // Last: the note lasts for the page (this module's life).
  it('does nothing once the learner has a code editor (no second editor on the page)', async () => {
    noteCodeEditorMade();
    const dropped = warmCodeEditor(program, 'python');
    expect(document.querySelector('.cm-editor')).toBeNull();
    await dropped;
  });
});
