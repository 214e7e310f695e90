// Loading `main.blocks` into a Blockly workspace and saving it back. Loading first reads the file
// with @blockyard/language's reader (a plain-language error for a file that is not blocks XML,
// before anything on the workspace changes), lets the environment adopt block types nobody
// defined, keeps aside what Blockly would drop (unknown elements), and turns owned parameter
// reporters into draggable blocks; saving reverses all that, writes every declared variable
// (Blockly writes only the used ones) and MakeCode's `disabled="true"`, in the layout language's
// writer uses, so files diff well.
//
// Big programs load in two steps: the stacks that show first, at once, and the rest in small
// slices afterwards (`LoadResult.rest`), so a 1,000-block program is on screen quickly. Whoever
// loads must finish the rest before saving (BlocksWorkspaceController does).

import * as Blockly from 'blockly/core';
import {
  readBlocksXml,
  readBlocksXmlRoot,
  upgradeFieldsToInputs,
  writeBlocksXml,
  type BlockNode,
  type BlocksWorkspace,
} from '@blockyard/language';
import { liftOwnedReporterXml, lowerOwnedReporterXml } from '../drag/owned-reporters.ts';
import type { BlocksEnvironment } from '../environment/blocks-environment.ts';
import { addDefinitionReporterXml } from '../mutators/functions.ts';
import { deferAria } from './deferred-aria.ts';
import { mergeInOrder, type WaitingStack, writesBack } from './far-stacks.ts';
import { drawWithoutBumps } from './load-without-bumps.ts';
import { ShadowTemplates } from './deferred-shadows.ts';
import { restoreExtras, stashExtras } from './kept-extras.ts';
import { TextWidths } from './text-widths.ts';

export interface LoadResult {
  /** The file as read (for comparisons). */
  readonly model: BlocksWorkspace;
  /** Block types that were unknown and are shown as kept-as-is blocks. */
  readonly unknownTypes: readonly string[];
  /** Stacks still to add with `appendStacks` (empty unless `firstStacks` was given). */
  readonly rest: WaitingStack[];
}

export interface LoadOptions {
  /** Which top-level stacks to add now; the others come back in `rest`. Default: all. */
  readonly firstStacks?: (block: BlockNode, all: readonly BlockNode[]) => boolean;
}

/**
 * Adds blocks without events (loading is not an edit) and, on a visible workspace, draws them in
 * the same task with Blockly's text-width cache on: measuring each label's width is most of the
 * cost of drawing, and the same words come back on many blocks.
 */
function withEventsOff(workspace: Blockly.Workspace, body: () => void, resize = true): void {
  const svg = workspace instanceof Blockly.WorkspaceSvg ? workspace : undefined;
  const wasEnabled = Blockly.Events.isEnabled();
  if (wasEnabled) Blockly.Events.disable();
  if (svg) Blockly.utils.dom.startTextWidthCache();
  try {
    svg?.setResizesEnabled(false);
    // Screen-reader labels once per block after loading, not at every connection (deferred-aria.ts).
    // The file's places are kept: drawing the new stacks moves none aside (load-without-bumps.ts).
    if (svg)
      drawWithoutBumps(
        svg,
        () => deferAria(body),
        () => Blockly.renderManagement.triggerQueuedRenders(svg),
      );
    else body();
  } finally {
    if (svg) Blockly.utils.dom.stopTextWidthCache();
    if (wasEnabled) Blockly.Events.enable();
    // Resizing measures every block on the workspace: once per load, not once per slice.
    if (resize) svg?.setResizesEnabled(true);
  }
}

/** Shadow templates of the file a workspace is loading (its slices share them). */
const shadowTemplates = new WeakMap<Blockly.Workspace, ShadowTemplates>();
/** Fonts per text class of the file a workspace is loading (see `text-widths.ts`). */
const textWidths = new WeakMap<Blockly.Workspace, TextWidths>();

/**
 * `Blockly.Xml.domToWorkspace` without building and dropping the shadows beside real blocks, and
 * with the new words measured before Blockly draws them (see `text-widths.ts`).
 */
function domToWorkspace(root: Element, workspace: Blockly.Workspace): void {
  let templates = shadowTemplates.get(workspace);
  if (!templates) {
    templates = new ShadowTemplates();
    shadowTemplates.set(workspace, templates);
  }
  const deferred = templates.defer(root, workspace);
  if (workspace instanceof Blockly.WorkspaceSvg && onlyVariablesAndStacks(root)) {
    // Blockly's domToWorkspace draws the blocks before it returns: built stack by stack with
    // its public parts instead, they are drawn after the words are measured (`withEventsOff`).
    const added = addStacks(root, workspace);
    let widths = textWidths.get(workspace);
    if (!widths) {
      widths = new TextWidths();
      textWidths.set(workspace, widths);
    }
    widths.measure(newBlocks(workspace, added), workspace.getTheme().name);
  } else Blockly.Xml.domToWorkspace(root, workspace);
  templates.apply(workspace, deferred);
}

/** Whether `root` holds nothing but a leading `<variables>` and top-level blocks (our writer's files). */
function onlyVariablesAndStacks(root: Element): boolean {
  return [...root.children].every(
    (child, index) => child.localName === 'block' || (index === 0 && child.localName === 'variables'),
  );
}

/**
 * What `Blockly.Xml.domToWorkspace` does with such a file (variables, then each stack at its
 * place), leaving the drawing to whoever triggers the queued renders. Returns the new stacks' ids.
 */
function addStacks(root: Element, workspace: Blockly.WorkspaceSvg): string[] {
  const width = workspace.RTL ? workspace.getWidth() : 0;
  const added: string[] = [];
  for (const child of [...root.children]) {
    if (child.localName === 'variables') {
      Blockly.Xml.domToVariables(child, workspace);
      continue;
    }
    // `domToBlockInternal` (exported, marked internal) is `domToBlock` without its drawing.
    const block = (Blockly.Xml.domToBlockInternal ?? Blockly.Xml.domToBlock)(child, workspace);
    added.push(block.id);
    const x = parseInt(child.getAttribute('x') ?? '10', 10);
    const y = parseInt(child.getAttribute('y') ?? '10', 10);
    if (!isNaN(x) && !isNaN(y)) block.moveBy(workspace.RTL ? width - x : x, y, ['create']);
  }
  return added;
}

/** Every block of the stacks `topIds` names. */
function* newBlocks(workspace: Blockly.WorkspaceSvg, topIds: readonly string[]): Generator<Blockly.BlockSvg> {
  for (const id of topIds) yield* workspace.getBlockById(id)?.getDescendants(false) ?? [];
}

/**
 * The file read with the browser's XML parser (about 4x faster than @xmldom/xmldom's, a tenth of
 * showing a big program's first view); with @xmldom/xmldom's when there is none or the browser's
 * finds an error, so a bad file gets the same plain-language message as before.
 */
function readFile(xml: string): BlocksWorkspace {
  if (typeof DOMParser === 'undefined' || !xml.trim()) return readBlocksXml(xml);
  const document = new DOMParser().parseFromString(xml, 'text/xml');
  if (document.getElementsByTagName('parsererror').length) return readBlocksXml(xml);
  return readBlocksXmlRoot(document.documentElement);
}

/** Replaces the workspace's content with the file's. Throws BlocksXmlError for a bad file. */
export function loadWorkspaceXml(
  workspace: Blockly.Workspace,
  environment: BlocksEnvironment,
  xml: string,
  options: LoadOptions = {},
): LoadResult {
  // Files saved when an input was still a field (the pins blocks' pin) load into the input.
  const model = upgradeFieldsToInputs(readFile(xml), environment.registry);
  const unknownTypes = environment.adoptUnknownTypes(model);
  const forBlockly = stashExtras(workspace, model);
  // Our own writer's text is what Blockly reads: one parser's view of the file for both.
  const dom = Blockly.utils.xml.textToDom(writeBlocksXml(forBlockly));
  liftOwnedReporterXml(dom);
  addDefinitionReporterXml(dom);
  const rest: WaitingStack[] = [];
  const first = options.firstStacks;
  if (first) {
    const stacks = [...dom.children].filter((c) => c.localName === 'block');
    stacks.forEach((element, index) => {
      const node = model.blocks[index]!;
      if (!first(forBlockly.blocks[index]!, forBlockly.blocks)) {
        rest.push({
          element,
          node,
          // Where `addStacks` puts it (10 when the file says nothing).
          x: node.x ?? 10,
          y: node.y ?? 10,
          blocks: element.getElementsByTagName('block').length + element.getElementsByTagName('shadow').length + 1,
          exact: writesBack(node),
        });
        element.remove();
      }
    });
  }
  // A new file: block definitions may have changed since the last one (language, extensions).
  shadowTemplates.get(workspace)?.dispose();
  shadowTemplates.delete(workspace);
  textWidths.delete(workspace);
  withEventsOff(workspace, () => {
    workspace.clear();
    // Blockly's `clear` turns resizing back on: every block placed and every shadow added would
    // then measure the whole workspace and scroll it (about 35 times for a first view).
    if (workspace instanceof Blockly.WorkspaceSvg) workspace.setResizesEnabled(false);
    domToWorkspace(dom, workspace);
  });
  workspace.clearUndo();
  return { model, unknownTypes, rest };
}

/**
 * Adds stacks left over by `loadWorkspaceXml` (not undoable: they are part of the load). With
 * `last: false` the workspace does not resize yet (more slices follow); the last slice resizes.
 */
export function appendStacks(workspace: Blockly.Workspace, stacks: readonly WaitingStack[], last = true): void {
  if (stacks.length === 0) return;
  const root = Blockly.utils.xml.createElement('xml');
  for (const stack of stacks) root.appendChild(stack.element);
  withEventsOff(workspace, () => domToWorkspace(root, workspace), last);
}

export function allVariables(workspace: Blockly.Workspace): Element {
  return Blockly.Xml.variablesToDom(workspace.getVariableMap().getAllVariables());
}

/** MakeCode (and Blockly before 11) write a learner's disabling as `disabled="true"`. */
export function legacyDisabled(root: Element): void {
  for (const tag of ['block', 'shadow']) {
    for (const element of [...root.getElementsByTagName(tag)]) {
      const reasons = element.getAttribute('disabled-reasons');
      if (reasons === null) continue;
      const rest = reasons.split(',').filter((r) => r && r !== 'MANUALLY_DISABLED');
      if (rest.length === reasons.split(',').length) continue;
      element.setAttribute('disabled', 'true');
      if (rest.length) element.setAttribute('disabled-reasons', rest.join(','));
      else element.removeAttribute('disabled-reasons');
    }
  }
}

/**
 * The workspace as `main.blocks` text; `waiting`: stacks of the file not built yet (far-stacks.ts),
 * written from the file's model in their place.
 */
export function saveWorkspaceXml(workspace: Blockly.Workspace, waiting: readonly WaitingStack[] = []): string {
  const dom = Blockly.Xml.workspaceToDom(workspace);
  const variables = allVariables(workspace);
  const existing = [...dom.children].find((c) => c.localName === 'variables');
  if (existing) existing.replaceWith(variables);
  else if (variables.hasChildNodes()) dom.insertBefore(variables, dom.firstChild);
  lowerOwnedReporterXml(dom);
  legacyDisabled(dom);
  const model = restoreExtras(workspace, readBlocksXml(Blockly.Xml.domToText(dom)));
  if (waiting.length === 0) return writeBlocksXml(model);
  const built = model.blocks.map((node) => ({ item: node, x: node.x ?? 0, y: node.y ?? 0 }));
  return writeBlocksXml({ ...model, blocks: mergeInOrder(built, waiting, (stack) => stack.node) });
}
