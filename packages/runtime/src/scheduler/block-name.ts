// A fiber named by the block that started it ("on button A pressed"), kept as a message key with
// its values so the editor can say it in the learner's language; `text` is the English the
// Debug Adapter, the CLI and error reports use.

export interface BlockName {
  /** A key under the editor's `editor.debug.blocks` messages ("onButtonPressed"). */
  readonly key: string;
  /** The block's dropdown choices as it shows them ({ button: "A" }). */
  readonly values?: Readonly<Record<string, string>>;
  readonly text: string;
}

/** What a fiber is called: plain words, or the block that started it. */
export type FiberName = string | BlockName;

/** The top level of a program: the "on start" block. */
export const ON_START: BlockName = { key: 'onStart', text: 'on start' };
