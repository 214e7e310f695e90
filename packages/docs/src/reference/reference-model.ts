// The block help pages (`/reference/{path}`) as plain data: made at build time from the API
// metadata (the `//%` annotations and JSDoc of the board's library), shipped as JSON, drawn by
// the web app. Hand-written pages in content/reference extend or replace the generated text.

/** What a slot of a block picture shows. */
export type BlockSlotKind = 'number' | 'text' | 'dropdown' | 'boolean' | 'variable' | 'leds' | 'value';

export type BlockPicturePart =
  | { readonly kind: 'label'; readonly text: string }
  | { readonly kind: 'slot'; readonly slot: BlockSlotKind; readonly text: string }
  /** A block sitting in an input, as the toolbox has it (`play (melody …) until done`). */
  | { readonly kind: 'block'; readonly picture: BlockPicture };

/** hat: an event with code inside; statement: stacks; reporter and boolean: fit into inputs. */
export type BlockShape = 'hat' | 'statement' | 'reporter' | 'boolean';

/** Enough to draw a block the way the editor shows it, without Blockly. */
export interface BlockPicture {
  readonly shape: BlockShape;
  /** The category colour, `#rrggbb`. */
  readonly colour: string;
  readonly parts: readonly BlockPicturePart[];
  /** A C-shaped block (loops, events): code goes inside. */
  readonly mouth: boolean;
  /**
   * In a program (a guide's `blocks` snippet): each mouth's blocks, top to bottom; `before` is the
   * row drawn above a later mouth (`else`, `else if <condition>`).
   */
  readonly statements?: readonly BlockArm[];
}

export interface BlockArm {
  readonly before?: readonly BlockPicturePart[];
  readonly stack: BlockStack;
}

/** Blocks snapped one under the other. */
export type BlockStack = readonly BlockPicture[];

export interface ReferenceParameter {
  readonly name: string;
  readonly type: string;
  readonly doc: string;
  readonly optional: boolean;
  readonly defaultValue?: string;
}

/** One API function on a page (several may share a help page: sin, cos, tan). */
export interface ReferenceEntry {
  readonly qName: string;
  readonly block?: BlockPicture;
  /** `basic.showNumber(value: number, interval?: number): void` */
  readonly signature: string;
  /** The same in Python (`basic.show_number(value: number, interval: number = 150)`). */
  readonly pythonSignature?: string;
  readonly doc: string;
  readonly parameters: readonly ReferenceParameter[];
  readonly returns: string;
}

export interface ReferenceLink {
  readonly path: string;
  readonly title: string;
}

export interface ReferencePageData {
  /** Under /reference/: `basic/show-number`. */
  readonly path: string;
  readonly title: string;
  /** The toolbox category id (`basic`, `math`) and its label and colour. */
  readonly category: string;
  readonly categoryLabel: string;
  readonly colour: string;
  readonly entries: readonly ReferenceEntry[];
  /** A small program using the block; it compiles (tested). */
  readonly example?: string;
  readonly examplePython?: string;
  readonly related: readonly ReferenceLink[];
}
