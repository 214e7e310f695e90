// A tutorial snippet drawn as real blocks (issue 14: hints as blocks): the code is decompiled in
// the compiler worker and shown in a small read-only workspace. Until the blocks are ready, or
// when the code does not make blocks, the code itself shows. Screen readers get the code.

import { BlocksEditor, type BlocksMessages } from '@blockyard/blocks';
import { readBlocksXml, writeBlocksXml } from '@blockyard/language';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlockTranslation } from '../../i18n/block-texts.ts';
import { createProjectBlocks } from './blocks-setup.ts';

export interface SnippetBlocksProps {
  readonly code: string;
  /** TypeScript -> blocks XML (the compiler worker's `toBlocks`). */
  readonly toBlocks: (code: string) => Promise<string>;
  readonly highContrast: boolean;
}

/** The decompiler puts an empty "on start" beside snippets with no loose statements: drop it. */
function withoutEmptyStart(xml: string): string {
  const workspace = readBlocksXml(xml);
  const blocks = workspace.blocks.filter(
    (b) => !(b.type === 'pxt-on-start' && !b.inputs.some((i) => i.block) && !b.next),
  );
  return blocks.length === workspace.blocks.length ? xml : writeBlocksXml({ ...workspace, blocks });
}

export function SnippetBlocks({ code, toBlocks, highContrast }: SnippetBlocksProps) {
  const { t, i18n } = useTranslation();
  const [xml, setXml] = useState<{ code: string; xml: string | null } | undefined>();
  useEffect(() => {
    let live = true;
    toBlocks(code).then(
      (made) => {
        if (!live) return;
        try {
          setXml({ code, xml: withoutEmptyStart(made) });
        } catch {
          setXml({ code, xml: null });
        }
      },
      () => live && setXml({ code, xml: null }),
    );
    return () => {
      live = false;
    };
  }, [code, toBlocks]);
  const language = i18n.language;
  const environment = useMemo(
    () =>
      createProjectBlocks(
        t('blocks', { returnObjects: true }) as unknown as Partial<BlocksMessages>,
        (i18n.getResourceBundle(language, 'blocks') ?? {}) as BlockTranslation,
      ),
    [t, i18n, language],
  );
  const ready = xml?.code === code ? xml.xml : undefined;
  if (!ready) {
    return (
      <pre className="tutorial-snippet-code">
        <code>{code}</code>
      </pre>
    );
  }
  return (
    <div className="tutorial-snippet-blocks" role="img" aria-label={t('tutorial.blocksPicture', { code })}>
      <BlocksEditor
        environment={environment}
        xml={ready}
        readOnly
        sounds={false}
        theme={highContrast ? 'high-contrast' : 'light'}
        media="/blockly-media/"
        className="tutorial-snippet-workspace"
      />
    </div>
  );
}
