// An old version's blocks, drawn read-only for History's preview. The XML is the version's own
// main.blocks, so nothing is decompiled; screen readers are pointed to the code view instead.

import { useTranslation } from 'react-i18next';
import { BlocksPicture } from './BlocksPicture.tsx';

export interface VersionBlocksProps {
  readonly xml: string;
  readonly highContrast: boolean;
}

export function VersionBlocks({ xml, highContrast }: VersionBlocksProps) {
  const { t } = useTranslation();
  return (
    <BlocksPicture
      xml={xml}
      label={t('editor.previewBlocksPicture')}
      highContrast={highContrast}
      classBase="version-preview"
    />
  );
}
