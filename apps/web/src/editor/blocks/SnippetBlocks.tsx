// A tutorial snippet drawn as real blocks (issue 14: hints as blocks): the code is decompiled in
// the compiler worker and shown in a small read-only workspace. Until the blocks are ready, or
// when the code does not make blocks, the code itself shows. Screen readers get the code.

import { readBlocksXml, writeBlocksXml } from '@blockyard/language';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BlocksPicture } from './BlocksPicture.tsx';

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
  const { t } = useTranslation();
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
  const ready = xml?.code === code ? xml.xml : undefined;
  if (!ready) {
    return (
      <pre className="tutorial-snippet-code">
        <code>{code}</code>
      </pre>
    );
  }
  return (
    <BlocksPicture
      xml={ready}
      label={t('tutorial.blocksPicture', { code })}
      highContrast={highContrast}
      classBase="tutorial-snippet"
    />
  );
}
