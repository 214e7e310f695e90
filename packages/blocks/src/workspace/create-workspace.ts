// Puts a Blockly workspace for one environment into a page element: the zelos renderer (big,
// rounded blocks with shapes that tell their type apart, generous touch targets, as young
// learners and MakeCode users expect), our theme, self-hosted media, keyboard navigation (built
// into Blockly 13), our connection checker, and the per-workspace flyouts and buttons. The audio
// output opens at the first sound, not here (lazy-audio-context.ts), and the sounds load once the
// page is idle (load-sounds-later.ts).

import * as Blockly from 'blockly/core';
import { BlockyardConnectionChecker } from '../drag/reporter-drag.ts';
import type { BlocksEnvironment } from '../environment/blocks-environment.ts';
import { linkEnvironment, linkServices, type WorkspaceServices } from '../environment/environment-link.ts';
import type { BlocksThemeName } from '../theme/blockly-theme.ts';
import type { ToolboxFilter } from '../toolbox/toolbox-filter.ts';
import { registerDynamicFlyouts } from './dynamic-flyouts.ts';
import { withLazyAudioContext } from './lazy-audio-context.ts';
import { loadSoundsLater } from './load-sounds-later.ts';
import { installDialogRouter, registerButtonActions } from './editor-actions.ts';

export const START_SCALE = 0.9;

export interface CreateWorkspaceOptions {
  readonly theme: BlocksThemeName;
  readonly readOnly: boolean;
  /** URL of Blockly's media folder served by the app (sounds, cursors, sprites). */
  readonly media: string;
  readonly services: WorkspaceServices;
  /** The search box's current text (for the search results flyout). */
  readonly searchQuery: () => string;
  /** Blockly's click and drop sounds. */
  readonly sounds?: boolean;
  /** Right to left: Blockly mirrors blocks, toolbox, flyouts and scrollbars. */
  readonly rtl?: boolean;
  /** A tutorial's view of the toolbox. */
  readonly toolboxFilter?: ToolboxFilter;
}

export function createBlocksWorkspace(
  container: HTMLElement,
  environment: BlocksEnvironment,
  options: CreateWorkspaceOptions,
): Blockly.WorkspaceSvg {
  installDialogRouter();
  const workspace = withLazyAudioContext(() =>
    Blockly.inject(container, {
      toolbox: options.readOnly ? undefined : environment.toolboxJson({}, options.toolboxFilter),
      renderer: 'zelos',
      theme: environment.theme(options.theme),
      media: options.media,
      readOnly: options.readOnly,
      rtl: options.rtl ?? false,
      // Blockly would fetch its sounds inside inject, on the way to the first blocks.
      sounds: false,
      trashcan: !options.readOnly,
      comments: true,
      collapse: true,
      disable: true,
      zoom: {
        controls: true,
        wheel: true,
        pinch: true,
        startScale: START_SCALE,
        maxScale: 2.5,
        minScale: 0.35,
        scaleSpeed: 1.15,
      },
      move: { scrollbars: true, drag: true, wheel: false },
      grid: { spacing: 40, length: 2, colour: options.theme === 'high-contrast' ? '#333333' : '#dfe3ee', snap: false },
      plugins: { connectionChecker: BlockyardConnectionChecker },
    }),
  );
  if (options.sounds ?? true) loadSoundsLater(workspace, options.media);
  shareDefaultBlockStyle(workspace);
  linkEnvironment(workspace, environment);
  linkServices(workspace, options.services);
  registerDynamicFlyouts(workspace, environment, options.searchQuery);
  registerButtonActions(workspace, environment);
  return workspace;
}

/**
 * Every new block starts with the renderer's style for "no style" (until its definition sets
 * one), which Blockly builds afresh each time (colours parsed and blended): once per block and
 * shadow, 2% of loading a big program (profiled). Kept under the empty name, Blockly's lookup
 * finds it; a theme change rebuilds the styles and drops it, which only costs that time again.
 */
function shareDefaultBlockStyle(workspace: Blockly.WorkspaceSvg): void {
  const constants = workspace.getRenderer().getConstants();
  constants.blockStyles[''] ??= constants.getBlockStyle(null);
}
