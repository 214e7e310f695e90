// What the block editor journeys reach on the blocks test page (apps/web/src/blocks-test/):
// its hooks and the live Blockly objects they use, and the page's address with only "on start".

export const onStartOnly = `?xml=${encodeURIComponent(
  '<xml xmlns="https://developers.google.com/blockly/xml"><block type="pxt-on-start" id="start" x="300" y="60"></block></xml>',
)}`;

/** The blocks test page's hook used here (apps/web/src/blocks-test/test-api.ts). */
export interface BlocksTestWindow {
  blockyardBlocksTest?: { renderTime(xml: string): Promise<unknown> };
}

/** What these journeys use of a Blockly block and workspace (the page's own objects). */
interface LiveBlock {
  readonly type: string;
  getSvgRoot(): SVGGElement;
  isShadow(): boolean;
  getField(name: string): { setValue(value: unknown): void } | null;
  getFieldValue(name: string): unknown;
  /** Draws the block now (Blockly's queued renders). */
  render(): void;
  getHeightWidth(): { height: number; width: number };
}
interface WorkspaceSvg {
  getAllBlocks(ordered: boolean): LiveBlock[];
  getTopBlocks(ordered: boolean): LiveBlock[];
  getBlockById(id: string): LiveBlock | null;
  centerOnBlock(id: string): void;
  getUndoStack(): unknown[];
  undo(redo: boolean): void;
  translate(x: number, y: number): void;
  scroll(x: number, y: number): void;
  readonly scale: number;
  getBlocksBoundingBox(): { right: number; bottom: number };
}

/** The live workspace, as these journeys reach it (apps/web/src/blocks-test/test-api.ts). */
export interface LiveWindow {
  blockyardBlocksTest?: {
    controller(): {
      workspace: WorkspaceSvg;
      getXml(): string;
      finishLoading(): void;
      settledXml(): Promise<string>;
      everyStackBuilt(): Promise<void>;
      idleBuilding: boolean;
    } | null;
    renderTime(xml: string): Promise<unknown>;
    changes: string[];
  };
}
