// How many Blockly workspaces exist on the page (flyouts and other helpers included): a leak
// check for hosts and tests, since an editor that unmounts must leave none behind.

import * as Blockly from 'blockly/core';

export function liveWorkspaceCount(): number {
  return Blockly.Workspace.getAll().length;
}
