// The Blocks side of the editor: the block editor of @blockyard/blocks over this project's
// blocks environment (built from the API metadata read at build time), with problems shown on
// their blocks and melody/note previews through the sound engine.

import { BlocksEditor, type BlockError, type BlocksEditorHandle, type BlocksMessages } from '@blockyard/blocks';
import { useEffect, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlockTranslation } from '../../i18n/block-texts.ts';
import { createProjectBlocks } from './blocks-setup.ts';
import { lazyAudioPreview } from './lazy-audio-preview.ts';

export interface BlocksAreaProps {
  xml: string;
  onChange: (xml: string) => void;
  errors: readonly BlockError[];
  highContrast: boolean;
  /** Once the workspace is drawn. */
  onReady?: () => void;
  ref?: Ref<BlocksEditorHandle>;
}

/**
 * How long the block editor waits for edits to settle before reporting them (ms). None: saving
 * after an edit costs a couple of ms (only the changed stacks are written), and the changes of
 * one action reach the editor together, so they are still saved once.
 */
export const BLOCKS_CHANGE_DELAY_MS = 0;

export function BlocksArea({ xml, onChange, errors, highContrast, onReady, ref }: BlocksAreaProps) {
  const { t, i18n } = useTranslation();
  const [environment] = useState(() =>
    createProjectBlocks(
      t('blocks', { returnObjects: true }) as unknown as Partial<BlocksMessages>,
      (i18n.getResourceBundle(i18n.language, 'blocks') ?? {}) as BlockTranslation,
    ),
  );
  const [audio] = useState(lazyAudioPreview);
  useEffect(() => () => audio.dispose(), [audio]);
  // After the block editor's own effect made the workspace (children's effects run first).
  useEffect(() => onReady?.(), [onReady]);
  return (
    <BlocksEditor
      ref={ref}
      environment={environment}
      xml={xml}
      onChange={onChange}
      errors={errors}
      theme={highContrast ? 'high-contrast' : 'light'}
      media="/blockly-media/"
      changeDelayMs={BLOCKS_CHANGE_DELAY_MS}
      className="editor-blocks"
      audioPreview={audio.preview}
    />
  );
}
