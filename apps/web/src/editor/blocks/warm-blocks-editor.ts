// The first block editor on a page costs about twice what the next one does (bench first-minute:
// Enter -> blocks 640-790 ms for the first New project in a page, 355-590 ms for a second): Blockly
// injects its CSS and builds its shared pop-ups once, and V8 compiles and tiers up inject, the
// renderer, the toolbox, the trashcan and block building the first time they run. The home page,
// once idle with the editor's code here, draws a new project's blocks once off screen and throws
// that workspace away at once, so the learner's first editor is a second one.

import { BlocksWorkspaceController } from '@blockyard/blocks';
import { NEW_PROJECT_BLOCKS } from '../session/project-files.ts';
import { createProjectBlocks } from './blocks-setup.ts';
import { loadBlocklyMessages, readyBlocklyMessages } from './blockly-messages.ts';

/** Marks the off-screen workspace (benchmarks and tests look past it). */
export const WARM_UP_ATTRIBUTE = 'data-blocks-warm-up';

let warmed = false;

/** The next idle moment (a timer where the browser has no idle callbacks). */
function nextIdle(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 0);
  });
}

/**
 * Draws and drops a new project's workspace off screen, once per page, in two tasks (the
 * workspace, then its blocks and the teardown in the next idle moment), so a press that comes
 * meanwhile waits for one of them at most. `stillWanted` is asked before each: false when the
 * learner has moved on (then the workspace is dropped undrawn). Errors are swallowed: the real
 * editor shows its own.
 */
export async function warmBlocksEditor(
  language: string,
  stillWanted: () => boolean = () => true,
  idle: () => Promise<void> = nextIdle,
): Promise<void> {
  if (warmed) return;
  const blockly = readyBlocklyMessages(language) ?? (await loadBlocklyMessages(language));
  if (warmed || !stillWanted()) return;
  warmed = true;
  const container = document.createElement('div');
  container.setAttribute(WARM_UP_ATTRIBUTE, '');
  container.setAttribute('aria-hidden', 'true');
  container.inert = true;
  // Laid out (Blockly measures its blocks and toolbox) but never painted nor reachable.
  Object.assign(container.style, {
    position: 'fixed',
    left: '-10000px',
    top: '0',
    width: '1024px',
    height: '640px',
    visibility: 'hidden',
    pointerEvents: 'none',
  });
  document.body.append(container);
  let controller: BlocksWorkspaceController | undefined;
  let spent = 0;
  try {
    let started = performance.now();
    controller = new BlocksWorkspaceController({
      environment: createProjectBlocks({}, {}, blockly),
      container,
      theme: 'light',
      readOnly: false,
      media: '/blockly-media/',
      services: {},
      changeDelayMs: 0,
      onChange: () => undefined,
      onLoadProblem: () => undefined,
      sounds: false,
    });
    spent += performance.now() - started;
    await idle();
    started = performance.now();
    if (stillWanted()) controller.load(NEW_PROJECT_BLOCKS);
    controller.dispose();
    controller = undefined;
    container.remove();
    spent += performance.now() - started;
    // Read by the journeys and benchmarks (that it ran, and the main thread time it took).
    performance.measure('blockyard:blocks:warm-up', { start: started - spent, duration: spent });
  } catch {
    // Only a head start: the editor does the same and reports what goes wrong.
  } finally {
    try {
      controller?.dispose();
    } finally {
      container.remove();
    }
  }
}
