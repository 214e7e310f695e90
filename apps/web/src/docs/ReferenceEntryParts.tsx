// The parts of a block's help shared by /reference and /pkg pages: the Blocks / JavaScript /
// Python tabs over its signature, its parameters, and its example.
import type { ReferenceEntry, ReferencePageData } from '@blockyard/docs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BlockPictureView } from './BlockPictureView.tsx';
import { DocsSnippet, type SnippetDependency } from './DocsSnippet.tsx';

type Language = 'blocks' | 'javascript' | 'python';
const LANGUAGES: readonly Language[] = ['blocks', 'javascript', 'python'];

/** Blocks / JavaScript / Python tabs over one function's signature. */
export function Signature({ entry }: { entry: ReferenceEntry }) {
  const { t } = useTranslation();
  const languages = LANGUAGES.filter((l) =>
    l === 'blocks' ? entry.block : l === 'python' ? entry.pythonSignature : true,
  );
  const [language, setLanguage] = useState<Language>(languages[0] ?? 'javascript');
  return (
    <div className="reference-signature">
      <div role="tablist" aria-label={t('reference.languages')} className="pill-tabs reference-tabs">
        {languages.map((l) => (
          <button key={l} type="button" role="tab" aria-selected={language === l} onClick={() => setLanguage(l)}>
            {t(`reference.language.${l}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="reference-tabpanel">
        {language === 'blocks' && entry.block ? (
          <BlockPictureView picture={entry.block} />
        ) : (
          <pre>
            <code>{language === 'python' ? entry.pythonSignature : entry.signature}</code>
          </pre>
        )}
      </div>
    </div>
  );
}

/** JSDoc parameter texts are phrases ("the number to show"); a sentence follows them. */
const withStop = (text: string) => (text && !/[.!?]$/.test(text) ? `${text}.` : text);

export function Parameters({ entry }: { entry: ReferenceEntry }) {
  const { t } = useTranslation();
  if (!entry.parameters.length && entry.returns === 'void') return null;
  return (
    <dl className="reference-parameters">
      {entry.parameters.map((p) => (
        <div key={p.name}>
          <dt>
            <code>{p.name}</code> <span className="reference-type">{p.type}</span>
            {p.optional && <span className="reference-optional"> {t('reference.optional')}</span>}
          </dt>
          <dd>
            {withStop(p.doc) || t('reference.noParameterDoc')}
            {p.defaultValue !== undefined && <> {t('reference.startsAt', { value: p.defaultValue })}</>}
          </dd>
        </div>
      ))}
      {entry.returns !== 'void' && (
        <div>
          <dt>{t('reference.returns')}</dt>
          <dd>
            <span className="reference-type">{entry.returns}</span>
          </dd>
        </div>
      )}
    </dl>
  );
}

/**
 * The page's example in JavaScript / Python tabs, with the button that opens it in the editor. On
 * an extension's page (`dependency`) the project it opens has the extension; `level` is its
 * heading's level (an extension page has one example per block, under the block's heading).
 */
export function Example({
  page,
  dependency,
  level = 2,
}: {
  page: ReferencePageData;
  dependency?: SnippetDependency | undefined;
  level?: 2 | 4;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [python, setPython] = useState(false);
  if (!page.example) return null;
  const Heading = level === 2 ? 'h2' : 'h4';
  return (
    <section aria-labelledby={`${id}-example`} className="docs-text reference-example">
      <Heading id={`${id}-example`}>{t('reference.example')}</Heading>
      {page.examplePython && (
        <div role="tablist" aria-label={t('reference.languages')} className="pill-tabs reference-tabs">
          {[false, true].map((isPython) => (
            <button
              key={String(isPython)}
              type="button"
              role="tab"
              aria-selected={python === isPython}
              onClick={() => setPython(isPython)}
            >
              {t(isPython ? 'reference.language.python' : 'reference.language.javascript')}
            </button>
          ))}
        </div>
      )}
      {/* The editor opens a JavaScript project either way; it shows blocks and Python from it. */}
      <DocsSnippet code={page.example} dependency={dependency}>
        <pre>
          <code>{python ? page.examplePython : page.example}</code>
        </pre>
      </DocsSnippet>
    </section>
  );
}
