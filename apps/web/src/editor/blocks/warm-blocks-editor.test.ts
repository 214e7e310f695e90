import { describe, expect, it, vi } from 'vitest';
import { WARM_UP_ATTRIBUTE, warmBlocksEditor } from './warm-blocks-editor.ts';

// In this order: the module warms once per page.

describe('warmBlocksEditor', () => {
  it('draws nothing when the learner moved on while the words loaded', async () => {
    const appended = vi.spyOn(document.body, 'append');
    await warmBlocksEditor('en', () => false);
    expect(appended).not.toHaveBeenCalled();
    expect(document.querySelector(`[${WARM_UP_ATTRIBUTE}]`)).toBeNull();
    appended.mockRestore();
  });

  // happy-dom cannot host Blockly (its inject fails here): the drawing itself is checked in the
  // browser (e2e/journeys/projects.e2e.ts).
  it('leaves no element behind, even when drawing fails, and tries only once per page', async () => {
    const appended = vi.spyOn(document.body, 'append');
    await warmBlocksEditor('en');
    await warmBlocksEditor('en');
    expect(appended).toHaveBeenCalledTimes(1);
    expect((appended.mock.calls[0]![0] as Element).hasAttribute(WARM_UP_ATTRIBUTE)).toBe(true);
    expect(document.querySelector(`[${WARM_UP_ATTRIBUTE}]`)).toBeNull();
    appended.mockRestore();
  }, 30_000);
});
