// Our own block definition model: pure, serialisable data in Blockly's JSON shape (message/args
// lines, inputs, fields, output/previous/next, colour, tooltip, help URL) plus what Blockly's JSON
// cannot say (custom field editors by name, expandable parameters, mutators). The Blockly-side
// package turns each definition into a registered Blockly block (`toBlocklyJson` covers the
// standard parts); nothing here imports Blockly.

import type { BlockNode } from '../model/blocks-model.ts';

/** Custom field editors the Blockly side provides, by name. */
export type FieldEditorName =
  | 'led-matrix'
  | 'icon-picker'
  | 'note-picker'
  | 'slider'
  | 'pin-picker'
  | 'melody'
  | 'sound-effect'
  /** A song as its hex`…` literal text, shown read-only with a preview (field_song). */
  | 'song'
  | 'time-picker'
  | 'toggle'
  | 'protractor'
  | 'color-picker';

export type BlockArg =
  | { readonly type: 'input_value'; readonly name: string; readonly check?: string | readonly string[] }
  | { readonly type: 'input_statement'; readonly name: string; readonly check?: string | readonly string[] }
  | { readonly type: 'input_dummy'; readonly name?: string }
  /** A text; with a name it is saved with the block (`field_label_serializable` in Blockly). */
  | { readonly type: 'field_label'; readonly text: string; readonly name?: string }
  | { readonly type: 'field_input'; readonly name: string; readonly text: string }
  | {
      readonly type: 'field_number';
      readonly name: string;
      readonly value: number;
      readonly min?: number;
      readonly max?: number;
      readonly precision?: number;
    }
  | {
      readonly type: 'field_dropdown';
      readonly name: string;
      /** [label, value] pairs; value is the code (`Button.A`) or operator id (`ADD`). */
      readonly options: readonly (readonly [string, string])[];
      /** Picture hints for image dropdowns: option value -> image name (the enum member). */
      readonly images?: Readonly<Record<string, string>>;
    }
  | { readonly type: 'field_checkbox'; readonly name: string; readonly checked: boolean }
  | { readonly type: 'field_variable'; readonly name: string; readonly variable: string }
  | {
      /** A custom field editor; `value` is the field's text as stored in XML. */
      readonly type: 'field_editor';
      readonly name: string;
      readonly editor: FieldEditorName;
      readonly value: string;
      /** Dropdown options when the editor picks from a list (icon, pin pickers). */
      readonly options?: readonly (readonly [string, string])[];
      /** Values no longer offered that a block may still hold (`IconNames.EigthNote`), for previews. */
      readonly retired?: readonly string[];
      /** `fieldOptions.*` of the annotation, and `min`/`max` for sliders. */
      readonly settings: Readonly<Record<string, string>>;
    };

/** One row group of a block: Blockly's `messageN` with its `argsN`. */
export interface BlockLine {
  /** Text with `%1`, `%2`... standing for `args` in order. */
  readonly message: string;
  readonly args: readonly BlockArg[];
}

type BlockShape = 'statement' | 'reporter' | 'hat' | 'top';

/** Blockly's type checks for value outputs and inputs. */
export type OutputCheck = 'Number' | 'String' | 'Boolean' | 'Array' | (string & {});

export interface BlockDefinition {
  readonly type: string;
  /** Toolbox category id this block belongs to (`basic`, `loops`, `math`). */
  readonly category: string;
  readonly lines: readonly BlockLine[];
  /**
   * statement: previous and next connections; reporter: an output; hat: an event handler at the
   * top of the workspace (no connections, a statement input); top: function definitions and
   * `on start`.
   */
  readonly shape: BlockShape;
  /** Output type check of a reporter (`null` in Blockly when absent). */
  readonly output?: OutputCheck | readonly OutputCheck[] | null;
  readonly colour: string;
  readonly tooltip: string | Readonly<Record<string, string>>;
  /** `/reference/<page>` (spec 000 §2); absent when the block has no help page. */
  readonly helpUrl?: string;
  readonly inputsInline?: boolean;
  /** The field whose value picks the tooltip, for blocks with operator dropdowns. */
  readonly tooltipField?: string;
  /** Parameters after `||`: the block starts collapsed and expands to show them. */
  readonly expandable?: {
    readonly mode: 'toggle' | 'enabled' | 'disabled';
    /** Inputs and fields shown only when expanded, in order. */
    readonly inputs: readonly string[];
  };
  /** Shapes that change with a mutation (else-if arms, item counts, function arguments). */
  readonly mutator?:
    'if-else' | 'items' | 'function-definition' | 'function-call' | 'return' | 'grey-code' | 'math-function';
  /** Handler callback arguments shown as draggable reporters (`HANDLER_DRAG_PARAM_<name>`). */
  readonly handlerArgs?: readonly { readonly name: string; readonly type: string }[];
  /** Output shape hint: hexagonal for booleans, round for the rest. */
  readonly outputShape?: 'round' | 'hexagon' | 'square';
  /** Not offered in the toolbox (still loads and converts). */
  readonly hidden?: boolean;
  readonly deprecated?: boolean;
  /** Only one of these may be on the workspace per key (events); absent: any number. */
  readonly single?: boolean;
}

export interface ToolboxBlockEntry {
  readonly kind: 'block';
  readonly type: string;
  /** The block as it appears in the flyout, with its shadow blocks and default values. */
  readonly block: BlockNode;
  /** Space after the block in pixels (`blockGap`, default 8). */
  readonly gap?: number;
  /**
   * The API block this entry offers inside `type`'s input (`toolboxParent`): "play (melody) until
   * done" is the way to `music.stringPlayable`. Search and coverage count the entry for it too.
   */
  readonly wraps?: string;
}

interface ToolboxLabelEntry {
  readonly kind: 'label';
  readonly text: string;
}

interface ToolboxButtonEntry {
  readonly kind: 'button';
  readonly text: string;
  /** What the button does: `create-variable`, `create-function`. */
  readonly action: 'create-variable' | 'create-function';
}

export type ToolboxEntry = ToolboxBlockEntry | ToolboxLabelEntry | ToolboxButtonEntry;

export interface ToolboxCategory {
  readonly kind: 'category';
  readonly id: string;
  readonly name: string;
  readonly colour: string;
  /** A Font Awesome codepoint (as in MakeCode annotations). */
  readonly icon?: string;
  readonly weight: number;
  /** Shown under the "Advanced" heading. */
  readonly advanced: boolean;
  /**
   * Dynamic flyouts: `variables` lists set/change/get for each variable of the workspace, after
   * the entries here; `functions` lists a call block for each defined function.
   */
  readonly dynamic?: 'variables' | 'functions';
  readonly contents: readonly ToolboxEntry[];
  /** Blocks marked `advanced=true` inside an ordinary category: the "more" sub-category. */
  readonly more?: readonly ToolboxEntry[];
}

export interface ToolboxDefinition {
  /** Ordered: ordinary categories by weight, then the advanced ones by weight. */
  readonly categories: readonly ToolboxCategory[];
}
