// API metadata: what the `//%` annotations and JSDoc of an API library say about each namespace,
// function, method, property and enum, as plain serialisable data. Block definitions, the toolbox,
// the blocks -> TypeScript generator and the decompiler are all built from this.

import type { BlockSyntax } from './block-syntax.ts';

export interface ApiMetadata {
  /** Namespaces that have block annotations or functions with blocks, by name (`basic`, `Math`). */
  readonly namespaces: Readonly<Record<string, ApiNamespace>>;
  /** Functions, methods and properties by qualified name (`basic.showNumber`, `Array.push`). */
  readonly functions: Readonly<Record<string, ApiFunction>>;
  /** Enums by qualified name (`Button`, `music.PlaybackMode`). */
  readonly enums: Readonly<Record<string, ApiEnum>>;
  /** Constants standing for an enum member (`//% enumIdentity=Item.Iron const IRON`), by member qName. */
  readonly enumConstants: Readonly<Record<string, string>>;
  /**
   * The class each class extends, by qualified name (`music.StringArrayPlayable` ->
   * `music.Playable`): a block giving the one fits an input wanting the other.
   */
  readonly bases?: Readonly<Record<string, string>>;
}

export interface ApiNamespace {
  readonly name: string;
  /** The category label: `block="..."` or the name with a capital first letter. */
  readonly label: string;
  readonly color?: string;
  readonly weight: number;
  readonly icon?: string;
  readonly advanced: boolean;
  /** Group names in toolbox order (`groups='["LED", "others"]'`). */
  readonly groups: readonly string[];
  readonly doc: string;
  readonly attributes: Readonly<Record<string, string>>;
}

export type ApiFunctionKind = 'function' | 'method' | 'property';

export interface ApiFunction {
  readonly qName: string;
  readonly name: string;
  readonly kind: ApiFunctionKind;
  /** The namespace, interface or class that declares it (`basic`, `Array`). */
  readonly owner: string;
  /** The toolbox category: `blockNamespace` or the owner. */
  readonly category: string;
  readonly parameters: readonly ApiParameter[];
  /** The declared return type as written (`void`, `number`, `T`, `Image`). */
  readonly returnType: string;
  /** The block id (`blockId=...`, else the qName with dots turned into underscores). */
  readonly blockId?: string;
  /** The parsed `block=` text; absent when the function has no block. */
  readonly block?: BlockSyntax;
  /** Receiver parameter of a method or property block (the `%this` or first `%` parameter). */
  readonly receiver?: ApiReceiver;
  readonly doc: string;
  readonly weight: number;
  readonly blockGap?: number;
  readonly group?: string;
  readonly advanced: boolean;
  readonly deprecated: boolean;
  readonly blockHidden: boolean;
  /** Help page under /reference/ (`help=basic/show-number`), absent for `help=none`. */
  readonly help?: string;
  /**
   * Where the block's Help item leads when that is not a /reference/ page: set by the editor on an
   * extension's blocks (its help page, `/pkg/{package}#{block}`). Wins over `help`.
   */
  readonly helpUrl?: string;
  /** `shim=TD_ID`: the block stands for its only argument (a shadow value block). */
  readonly identity: boolean;
  readonly inlineInputMode?: 'inline' | 'external' | 'variable';
  readonly expandableArgumentMode?: 'toggle' | 'enabled' | 'disabled';
  readonly draggableParameters?: 'reporter' | 'variable';
  /** Number of LED columns per frame times frames for `imageLiteral` functions (showLeds: 5). */
  readonly imageLiteral?: { readonly columns: number; readonly rows: number };
  readonly attributes: Readonly<Record<string, string>>;
}

export interface ApiReceiver {
  /** The input name in the block (`list`, `this`). */
  readonly blockName: string;
  readonly type: string;
  readonly shadow?: string;
  /** The variable the input starts with in the toolbox (`%this(sprite)`). */
  readonly variable?: string;
}

export interface ApiParameter {
  readonly name: string;
  /** The declared type as written (`number`, `Button`, `() => void`, `number[]`). */
  readonly type: string;
  readonly optional: boolean;
  /** The qualified enum name when the type is an enum declared in the library. */
  readonly enumType?: string;
  /** Present when the parameter is a callback: its own parameters. */
  readonly handler?: { readonly parameters: readonly { readonly name: string; readonly type: string }[] };
  /** How the parameter appears in the block: absent when the block does not show it. */
  readonly blockName?: string;
  /** After `||` in the block text: shown only when the block is expanded. */
  readonly expandable: boolean;
  /** Shadow block id (`%x=shadowId` or `x.shadow=shadowId`). */
  readonly shadow?: string;
  /** Default value for the toolbox and new blocks (`x.defl`, else the first `eg:` of the JSDoc). */
  readonly defaultValue?: string;
  readonly min?: number;
  readonly max?: number;
  readonly fieldEditor?: string;
  readonly fieldOptions: Readonly<Record<string, string>>;
  readonly shadowOptions: Readonly<Record<string, string>>;
  readonly doc: string;
}

export interface ApiEnum {
  readonly qName: string;
  readonly name: string;
  readonly isConst: boolean;
  /**
   * A `//% fixedInstances` class shown as a dropdown of its `//% fixedInstance` constants
   * (`SoundExpression`: `soundExpression.giggle`, ...); members are those constants.
   */
  readonly fixedInstances?: boolean;
  readonly emitAsConstant: boolean;
  readonly members: readonly ApiEnumMember[];
  readonly doc: string;
  readonly attributes: Readonly<Record<string, string>>;
}

export interface ApiEnumMember {
  readonly qName: string;
  readonly name: string;
  readonly value?: number;
  /** The dropdown label (`block="A+B"`), else the member name. */
  readonly label: string;
  /** A shim function that turns the member into a value block (`blockIdentity=images.arrowNumber`). */
  readonly blockIdentity?: string;
  /** `blockImage=1`: the dropdown shows a picture of the member. */
  readonly image: boolean;
  readonly doc: string;
  readonly attributes: Readonly<Record<string, string>>;
}

/** True when the function shows as a block somewhere (it may still be hidden from the toolbox). */
export function hasBlock(fn: ApiFunction): fn is ApiFunction & { block: BlockSyntax; blockId: string } {
  return fn.block !== undefined && fn.blockId !== undefined;
}
