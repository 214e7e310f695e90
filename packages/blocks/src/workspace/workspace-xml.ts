// Loading `main.blocks` into a Blockly workspace and saving it back. Loading first reads the file
// with @blockyard/language's reader (a plain-language error for a file that is not blocks XML,
// before anything on the workspace changes), lets the environment adopt block types nobody
// defined, keeps aside what Blockly would drop (unknown elements), and turns owned parameter
// reporters into draggable blocks; saving reverses all that, writes every declared variable
// (Blockly writes only the used ones) and MakeCode's `disabled="true"`, in the layout language's
// writer uses, so files diff well.

import * as Blockly from 'blockly/core';
import { readBlocksXml, writeBlocksXml, type BlocksWorkspace } from '@blockyard/language';
import { liftOwnedReporterXml, lowerOwnedReporterXml } from '../drag/owned-reporters.ts';
import type { BlocksEnvironment } from '../environment/blocks-environment.ts';
import { restoreExtras, stashExtras } from './kept-extras.ts';

export interface LoadResult {
  /** The file as read (for comparisons). */
  readonly model: BlocksWorkspace;
  /** Block types that were unknown and are shown as kept-as-is blocks. */
  readonly unknownTypes: readonly string[];
}

/** Replaces the workspace's content with the file's. Throws BlocksXmlError for a bad file. */
export function loadWorkspaceXml(
  workspace: Blockly.Workspace,
  environment: BlocksEnvironment,
  xml: string,
): LoadResult {
  const model = readBlocksXml(xml);
  const unknownTypes = environment.adoptUnknownTypes(model);
  const forBlockly = stashExtras(workspace, model);
  // Our own writer's text is what Blockly reads: one parser's view of the file for both.
  const dom = Blockly.utils.xml.textToDom(writeBlocksXml(forBlockly));
  liftOwnedReporterXml(dom);
  const svg = workspace instanceof Blockly.WorkspaceSvg ? workspace : undefined;
  const wasEnabled = Blockly.Events.isEnabled();
  if (wasEnabled) Blockly.Events.disable();
  try {
    svg?.setResizesEnabled(false);
    workspace.clear();
    Blockly.Xml.domToWorkspace(dom, workspace);
  } finally {
    if (wasEnabled) Blockly.Events.enable();
    svg?.setResizesEnabled(true);
  }
  workspace.clearUndo();
  return { model, unknownTypes };
}

function allVariables(workspace: Blockly.Workspace): Element {
  return Blockly.Xml.variablesToDom(workspace.getVariableMap().getAllVariables());
}

/** MakeCode (and Blockly before 11) write a learner's disabling as `disabled="true"`. */
function legacyDisabled(root: Element): void {
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

/** The workspace as `main.blocks` text. */
export function saveWorkspaceXml(workspace: Blockly.Workspace): string {
  const dom = Blockly.Xml.workspaceToDom(workspace);
  const variables = allVariables(workspace);
  const existing = [...dom.children].find((c) => c.localName === 'variables');
  if (existing) existing.replaceWith(variables);
  else if (variables.hasChildNodes()) dom.insertBefore(variables, dom.firstChild);
  lowerOwnedReporterXml(dom);
  legacyDisabled(dom);
  return writeBlocksXml(restoreExtras(workspace, readBlocksXml(Blockly.Xml.domToText(dom))));
}
