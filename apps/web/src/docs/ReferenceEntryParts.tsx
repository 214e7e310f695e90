// The parts of a block's help shared by /reference and /pkg pages: the Blocks / JavaScript /
// Python tabs over its signature, and its parameters.
import type { ReferenceEntry } from '@blockyard/docs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BlockPictureView } from './BlockPictureView.tsx';

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
      <div role="tablist" aria-label={t('reference.languages')} className="reference-tabs">
        {languages.map((l) => (
          <button
            key={l}
            type="button"
            role="tab"
            aria-selected={language === l}
            className="reference-tab"
            onClick={() => setLanguage(l)}
          >
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
