// The Blocks side of the editor: the block editor of @blockyard/blocks over this project's
// blocks environment (built from the API metadata read at build time), with problems shown on
// their blocks and melody/note previews through the sound engine.
//
// Everything on the workspace is in the learner's language: block texts, toolbox, our own
// dialogs and Blockly's menus, laid out right to left for a right-to-left language. When the
// language changes while the editor is open, the blocks stay on screen until the new words are
// loaded, then the workspace is rebuilt in the new language and takes over from the old one:
// same file, same undo and redo, same view (see BlocksEditor).

import {
  type BlocksDebug,
  BlocksEditor,
  type BlockError,
  type BlocklyMessages,
  type BlocksEditorHandle,
  type BlocksMessages,
  type ToolboxFilter,
} from '@blockyard/blocks';
import { findLanguage } from '../../i18n/languages.ts';
import type { ApiMetadata } from '@blockyard/language';
import { use, useEffect, useMemo, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlockTranslation } from '../../i18n/block-texts.ts';
import { createProjectBlocks } from './blocks-setup.ts';
import { loadBlocklyMessages, readyBlocklyMessages } from './blockly-messages.ts';
import { lazyAudioPreview } from './lazy-audio-preview.ts';

export interface BlocksAreaProps {
  xml: string;
  onChange: (xml: string) => void;
  /** The loaded file as the block editor will save it, when that differs (read ahead by the worker). */
  onPrimed?: (xml: string) => void;
  errors: readonly BlockError[];
  highContrast: boolean;
  /** The program cannot be changed here (page flags: sandbox, read-only, time machine). */
  readOnly?: boolean;
  /** Once the workspace is drawn, and each time it shows again after being hidden. */
  onReady?: () => void;
  /** Kept out of sight behind the code editor (see BlocksEditor's `hidden`). */
  hidden?: boolean;
  /** Tutorial mode: the toolbox the step wants (limited, blockconfig defaults, marked categories). */
  toolboxFilter?: ToolboxFilter;
  /** The blocks the project's extensions add (read by the compiler worker). */
  extensionMetadata?: ApiMetadata;
  /** Breakpoints and the paused block (the debugger). */
  debug?: BlocksDebug;
  ref?: Ref<BlocksEditorHandle>;
}

/**
 * How long the block editor waits for edits to settle before reporting them (ms). None: saving
 * after an edit costs a couple of ms (only the changed stacks are written), and the changes of
 * one action reach the editor together, so they are still saved once.
 */
const BLOCKS_CHANGE_DELAY_MS = 0;

interface ShownLanguage {
  readonly code: string;
  readonly blockly: BlocklyMessages;
}

/** The language the blocks are shown in: the interface's, once Blockly's words for it are here. */
function useBlocksLanguage(wanted: string): ShownLanguage {
  // The first one is awaited (the editor's Suspense shows "preparing") unless it is already here:
  // awaiting a settled promise still suspends for a turn, and React then holds the blocks back
  // for up to 300 ms (its fallback throttle). Later ones load while the blocks stay on screen in
  // the language before.
  const [first] = useState(() => readyBlocklyMessages(wanted) ?? loadBlocklyMessages(wanted));
  const firstMessages = first instanceof Promise ? use(first) : first;
  const [shown, setShown] = useState<ShownLanguage>({ code: wanted, blockly: firstMessages });
  useEffect(() => {
    if (shown.code === wanted) return undefined;
    let live = true;
    void loadBlocklyMessages(wanted).then((blockly) => {
      if (live) setShown({ code: wanted, blockly });
    });
    return () => {
      live = false;
    };
  }, [wanted, shown.code]);
  return shown;
}

export function BlocksArea({
  xml,
  onChange,
  onPrimed,
  errors,
  highContrast,
  readOnly = false,
  onReady,
  toolboxFilter,
  extensionMetadata,
  debug,
  hidden = false,
  ref,
}: BlocksAreaProps) {
  const { i18n } = useTranslation();
  const language = useBlocksLanguage(i18n.language);
  const environment = useMemo(() => {
    const t = i18n.getFixedT(language.code);
    return createProjectBlocks(
      t('blocks', { returnObjects: true }) as unknown as Partial<BlocksMessages>,
      (i18n.getResourceBundle(language.code, 'blocks') ?? {}) as BlockTranslation,
      language.blockly,
      extensionMetadata,
    );
  }, [i18n, language, extensionMetadata]);
  const [audio] = useState(lazyAudioPreview);
  useEffect(() => () => audio.dispose(), [audio]);
  // After the block editor's own effect made the workspace (children's effects run first); again
  // when it shows after being hidden (the page's work on showing blocks runs again).
  useEffect(() => {
    if (!hidden) onReady?.();
  }, [onReady, hidden]);
  return (
    <BlocksEditor
      ref={ref}
      environment={environment}
      xml={xml}
      onChange={onChange}
      {...(onPrimed ? { onPrimed } : {})}
      errors={errors}
      readOnly={readOnly}
      rtl={findLanguage(language.code)?.rtl ?? false}
      theme={highContrast ? 'high-contrast' : 'light'}
      media="/blockly-media/"
      changeDelayMs={BLOCKS_CHANGE_DELAY_MS}
      className="editor-blocks"
      hidden={hidden}
      audioPreview={audio.preview}
      {...(toolboxFilter ? { toolboxFilter } : {})}
      {...(debug ? { debug } : {})}
    />
  );
}
