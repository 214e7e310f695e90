// Saving a big workspace after every edit: serializing 2,000 blocks through Blockly's DOM and
// our reader/writer costs 200 ms of main thread, yet an edit touches one stack. This keeps the
// saved text of each top-level stack (by its top block's id) and rebuilds only the stacks that
// Blockly's change events name; the file is the unchanged stacks' text plus the fresh ones,
// exactly what saveWorkspaceXml writes (tests compare the two after random edits).
//
// Events reach listeners a moment after the change (Blockly queues them), so a save can run
// before the event of a change made just before it: that save misses the change, and the event
// then marks the stack and schedules the next save, which has it. Anything an event does not
// pin to a stack (variables, workspace comments, unknown events, a block gone) drops the whole
// cache. Explicit reads (download, page hide) use saveWorkspaceXml, never this cache.

import * as Blockly from 'blockly/core';
import { readBlocksXml, writeBlocksXml, type BlocksWorkspace } from '@blockyard/language';
import { lowerOwnedReporterXml } from '../drag/owned-reporters.ts';
import { mergeInOrder, type WaitingStack, waitingText } from './far-stacks.ts';
import { restoreExtras } from './kept-extras.ts';
import { allVariables, legacyDisabled } from './workspace-xml.ts';

const CLOSE = '</xml>\n';

/** The lines of `text` (indented writeBlocksXml output) between the root's start and end tags. */
function inner(text: string): string {
  return text.slice(text.indexOf('\n') + 1, text.length - CLOSE.length);
}

export class StackXmlCache {
  /** Top block id -> the stack's lines of main.blocks (indented, each ending in a line break). */
  private readonly stacks = new Map<string, string>();

  /** Forget everything (a new file was loaded). */
  clear(): void {
    this.stacks.clear();
  }

  /** How many stacks are kept (for tests). */
  get size(): number {
    return this.stacks.size;
  }

  /** Marks the stacks a (non-UI) change event touched as changed. */
  noteEvent(workspace: Blockly.Workspace, event: Blockly.Events.Abstract): void {
    if (event.isUiEvent) return;
    if (!(event instanceof Blockly.Events.BlockBase) || event.blockId === undefined) {
      this.clear();
      return;
    }
    if (event instanceof Blockly.Events.BlockDelete) {
      // A stack deleted whole is simply gone; a block deleted from inside a stack is unplugged
      // first (a move event naming its parent), but take no chances when it was not a top block.
      if (!this.stacks.delete(event.blockId)) this.clear();
      return;
    }
    this.markStackOf(workspace, event.blockId);
    if (event instanceof Blockly.Events.BlockMove) {
      if (event.oldParentId !== undefined) this.markStackOf(workspace, event.oldParentId);
      if (event.newParentId !== undefined) this.markStackOf(workspace, event.newParentId);
    }
  }

  /** Marks the stack holding a block as changed (a field being typed into, before its event). */
  noteBlock(workspace: Blockly.Workspace, blockId: string): void {
    this.markStackOf(workspace, blockId);
  }

  /** Marks a stack as changed by its top block's id (a drop, before its events). */
  noteStack(topBlockId: string): void {
    this.stacks.delete(topBlockId);
  }

  private markStackOf(workspace: Blockly.Workspace, blockId: string): void {
    const block = workspace.getBlockById(blockId);
    if (block) this.stacks.delete(block.getRootBlock().id);
    else this.clear();
  }

  /**
   * Serializes stacks not kept yet until `more()` says stop (the editor does it in idle slices
   * after loading, so the first edit is as quick as the next). True when every stack is kept.
   */
  prime(workspace: Blockly.Workspace, more: () => boolean): boolean {
    for (const block of workspace.getTopBlocks(false)) {
      if (this.stacks.has(block.id)) continue;
      if (!more()) return false;
      this.stacks.set(block.id, stackText(workspace, block));
    }
    return true;
  }

  /**
   * The workspace as `main.blocks` text, as saveWorkspaceXml writes it; `waiting`: stacks of the
   * file not built yet (far-stacks.ts), written from the file in their place.
   */
  save(workspace: Blockly.Workspace, waiting: readonly WaitingStack[] = []): string {
    const shell = this.shell(workspace);
    const tops = workspace.getTopBlocks(true);
    const live = new Set<string>();
    const texts: string[] = [];
    for (const block of tops) {
      live.add(block.id);
      let text = this.stacks.get(block.id);
      if (text === undefined) {
        text = stackText(workspace, block);
        this.stacks.set(block.id, text);
      }
      texts.push(text);
    }
    const built = tops.map((block, index) => {
      const { x, y } = block.getRelativeToSurfaceXY();
      return { item: texts[index]!, x, y };
    });
    const body = waiting.length ? mergeInOrder(built, waiting, waitingText).join('') : texts.join('');
    for (const id of [...this.stacks.keys()]) if (!live.has(id)) this.stacks.delete(id);
    // Variables first, then the stacks, then workspace comments and kept elements (the writer's order).
    const head = writeBlocksXml({ ...shell, comments: [], blocks: [], extra: [] });
    const tail = writeBlocksXml({ ...shell, variables: [], blocks: [] });
    return head.slice(0, head.length - CLOSE.length) + body + tail.slice(tail.indexOf('\n') + 1);
  }

  /** Everything of the file but the stacks: root attributes, variables, comments, kept elements. */
  private shell(workspace: Blockly.Workspace): BlocksWorkspace {
    const root = Blockly.utils.xml.createElement('xml');
    const variables = allVariables(workspace);
    if (variables.hasChildNodes()) root.appendChild(variables);
    for (const comment of workspace.getTopComments()) root.appendChild(Blockly.Xml.saveWorkspaceComment(comment));
    return restoreExtras(workspace, readBlocksXml(Blockly.Xml.domToText(root)));
  }
}

/** One stack's lines of main.blocks. */
function stackText(workspace: Blockly.Workspace, block: Blockly.Block): string {
  const root = Blockly.utils.xml.createElement('xml');
  root.appendChild(Blockly.Xml.blockToDomWithXY(block));
  lowerOwnedReporterXml(root);
  legacyDisabled(root);
  const model = restoreExtras(workspace, readBlocksXml(Blockly.Xml.domToText(root)));
  return inner(writeBlocksXml({ variables: [], blocks: model.blocks, comments: [] }));
}
