// Blocks shown read-only as one picture (a tutorial's snippet, an old version in History): the
// project's blocks in the learner's language, without sounds, one labelled figure for screen
// readers. A figure, not an image: Blockly's workspace inside stays a keyboard stop with its zoom
// buttons (the picture can be moved and zoomed), and an image may hold nothing focusable (its
// insides would be tab stops a screen reader cannot name).

import { BlocksEditor, type BlocksMessages } from '@blockyard/blocks';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlockTranslation } from '../../i18n/block-texts.ts';
import { createProjectBlocks } from './blocks-setup.ts';

export interface BlocksPictureProps {
  readonly xml: string;
  /** What a screen reader says for the whole picture. */
  readonly label: string;
  readonly highContrast: boolean;
  /** Class names `<base>-blocks` (the frame) and `<base>-workspace` (Blockly's area). */
  readonly classBase: string;
}

export function BlocksPicture({ xml, label, highContrast, classBase }: BlocksPictureProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const environment = useMemo(
    () =>
      createProjectBlocks(
        t('blocks', { returnObjects: true }) as unknown as Partial<BlocksMessages>,
        (i18n.getResourceBundle(language, 'blocks') ?? {}) as BlockTranslation,
      ),
    [t, i18n, language],
  );
  return (
    <div className={`${classBase}-blocks`} role="figure" aria-label={label}>
      <BlocksEditor
        environment={environment}
        xml={xml}
        readOnly
        sounds={false}
        theme={highContrast ? 'high-contrast' : 'light'}
        media="/blockly-media/"
        className={`${classBase}-workspace`}
      />
    </div>
  );
}
