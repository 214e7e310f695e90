// A workspace that must be rebuilt (the learner picked another language: every block's words and
// layout change, and right-to-left languages mirror the whole workspace) hands over to its
// successor: the file, the view, and the undo and redo history. Blockly's undo events name
// blocks, variables and comments by id and the file keeps every id, so the same events apply to
// the successor's blocks once they name its workspace. Positions in move events are the
// workspace's own coordinates: when the direction changes they are mirrored the way Blockly
// mirrors a file's x (`x` from the left, or `width - x` from the right).

import * as Blockly from 'blockly/core';

/** Everything a successor workspace needs to continue where another one stopped. */
export interface WorkspaceHandOver {
  /** The workspace as `main.blocks`, pending edits included. */
  readonly xml: string;
  readonly undo: readonly Blockly.Events.Abstract[];
  readonly redo: readonly Blockly.Events.Abstract[];
  readonly rtl: boolean;
  /** The width (workspace units) Blockly measured right-to-left positions from; 0 left to right. */
  readonly width: number;
  /** Zoom and scroll, kept when the direction stays the same. */
  readonly view?: { readonly scale: number; readonly scrollX: number; readonly scrollY: number };
}

type Mirror = (point: Blockly.utils.Coordinate | undefined) => Blockly.utils.Coordinate | undefined;

function mirrorFor(from: Pick<WorkspaceHandOver, 'rtl' | 'width'>, to: Blockly.Workspace): Mirror {
  const toWidth = to.RTL ? to.getWidth() : 0;
  if (from.rtl === to.RTL && (!to.RTL || from.width === toWidth)) return (point) => point;
  return (point) => {
    if (!point) return point;
    const fileX = from.rtl ? from.width - point.x : point.x;
    return new Blockly.utils.Coordinate(to.RTL ? toWidth - fileX : fileX, point.y);
  };
}

function retarget(event: Blockly.Events.Abstract, to: Blockly.Workspace, mirror: Mirror): Blockly.Events.Abstract {
  event.workspaceId = to.id;
  if (event instanceof Blockly.Events.BlockMove) {
    event.oldCoordinate = mirror(event.oldCoordinate);
    event.newCoordinate = mirror(event.newCoordinate);
  } else if (event instanceof Blockly.Events.CommentMove) {
    event.oldCoordinate_ = mirror(event.oldCoordinate_);
    event.newCoordinate_ = mirror(event.newCoordinate_);
  }
  return event;
}

/**
 * Puts another workspace's undo and redo history on `to`, which must hold the same file (same
 * ids). Its own history is replaced: call this right after loading.
 */
export function carryUndo(from: Omit<WorkspaceHandOver, 'xml' | 'view'>, to: Blockly.Workspace): void {
  const mirror = mirrorFor(from, to);
  to.clearUndo();
  to.getUndoStack().push(...from.undo.map((event) => retarget(event, to, mirror)));
  to.getRedoStack().push(...from.redo.map((event) => retarget(event, to, mirror)));
}
