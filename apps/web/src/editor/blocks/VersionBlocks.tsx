// An old version's blocks, drawn read-only for History's preview. The XML is the version's own
// main.blocks, so nothing is decompiled; screen readers are pointed to the code view instead.

import { BlocksEditor, type BlocksMessages } from '@blockyard/blocks';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlockTranslation } from '../../i18n/block-texts.ts';
import { createProjectBlocks } from './blocks-setup.ts';

export interface VersionBlocksProps {
  readonly xml: string;
  readonly highContrast: boolean;
}

export function VersionBlocks({ xml, highContrast }: VersionBlocksProps) {
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
    <div className="version-preview-blocks" role="img" aria-label={t('editor.previewBlocksPicture')}>
      <BlocksEditor
        environment={environment}
        xml={xml}
        readOnly
        sounds={false}
        theme={highContrast ? 'high-contrast' : 'light'}
        media="/blockly-media/"
        className="version-preview-workspace"
      />
    </div>
  );
}
