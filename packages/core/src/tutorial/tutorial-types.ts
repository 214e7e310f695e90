// The tutorial parse result of spec 001 §3: what a MakeCode-style tutorial markdown file says,
// as plain JSON-safe data. Optional fields are absent (never undefined) so results compare and
// serialise the same way everywhere.

/** The project kind a tutorial runs in, by MakeCode's names. */
export type TutorialEditor = 'blocksprj' | 'tsprj' | 'pyprj';

export interface TutorialStep {
  /** The heading without its flags and braces; absent when the heading has no words. */
  readonly title?: string;
  /** The whole step (hidden snippets removed), markdown. */
  readonly contentMd: string;
  /** What the step card shows: the text before the hint. */
  readonly headerContentMd: string;
  /** What "Hint" opens: the first snippet or picture and everything after it. */
  readonly hintContentMd?: string;
  /** Show the hint on its own (after a delay) rather than only when asked. */
  readonly showHint?: boolean;
  /** A dialog step: its text shows in a dialog, not the step card. */
  readonly showDialog?: boolean;
  /** The learner has finished once this step is reached. */
  readonly tutorialCompleted?: boolean;
  /** Code differences start again from this step. */
  readonly resetDiff?: boolean;
  /** Index into `activities`, for tutorials written in activities. */
  readonly activity?: number;
  /** `blockconfig.local` fences of this step. */
  readonly localBlockConfig?: TutorialBlockConfig;
  /** `validation.local` fences of this step. */
  readonly localValidationConfig?: TutorialValidationConfig;
}

export interface TutorialActivity {
  readonly name: string;
  /** Index of the activity's first step. */
  readonly step: number;
}

/** The text of `blockconfig.*` fences: blocks with the default values the toolbox should offer. */
export interface TutorialBlockConfig {
  readonly md: string;
}

interface TutorialValidator {
  /** The section heading, e.g. `BlocksExistValidator`. */
  readonly validatorType: string;
  /** `* Key: value` lines under it, keys in lower case. */
  readonly properties: Readonly<Record<string, string>>;
}

export interface TutorialValidationConfig {
  readonly validatorsMetadata: readonly TutorialValidator[];
}

/** `### @key value` lines: values are JSON when they parse as JSON, else the text. */
type TutorialMetadata = Readonly<Record<string, unknown>>;

export interface TutorialSimTheme {
  readonly theme?: unknown;
  readonly palette?: unknown;
}

export interface TutorialParseResult {
  /** The first `#` heading; absent when there is none. */
  readonly title?: string;
  readonly steps: readonly TutorialStep[];
  /** Present only for tutorials written in activities (`### @activities true`). */
  readonly activities?: readonly TutorialActivity[];
  /**
   * The code of every snippet that counts (blocks, ghost, template, JavaScript, Python…), in
   * order: TypeScript wrapped in `{` `}` lines, Python between blank lines (MakeCode's form, used
   * to find the blocks the tutorial needs).
   */
  readonly code: readonly string[];
  /** The `template` snippet: the code the project starts with. */
  readonly templateCode?: string;
  /** `python` or `typescript` when the template is written in that language. */
  readonly templateLanguage?: 'python' | 'typescript';
  readonly editor: TutorialEditor;
  /** `python` when the tutorial is written in Python. */
  readonly language?: 'python';
  readonly jres?: string;
  /** From an `assetjson` snippet: asset files by name. */
  readonly assetFiles?: Readonly<Record<string, string>>;
  readonly customTs?: string;
  readonly hiddenNamespaces?: readonly string[];
  readonly globalBlockConfig?: TutorialBlockConfig;
  readonly globalValidationConfig?: TutorialValidationConfig;
  readonly simTheme?: TutorialSimTheme;
  readonly metadata: TutorialMetadata;
}
