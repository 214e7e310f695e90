import { findLanguage } from '../i18n/languages.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/services-context.tsx';

/** The languages we ship a translation for, each named in itself (and in English). */
export function LanguagePicker() {
  const { t } = useTranslation();
  const { language } = useServices();
  const [value, setValue] = useState(language.current);
  const id = useId();
  return (
    <div className="settings-field">
      <label htmlFor={id}>{t('nav.language')}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const code = event.target.value;
          setValue(code);
          void language.set(code);
        }}
      >
        {language.available.map((code) => {
          const entry = findLanguage(code);
          const name = !entry
            ? code
            : entry.localName === entry.englishName
              ? entry.localName
              : `${entry.localName} — ${entry.englishName}`;
          return (
            <option key={code} value={code} lang={code} dir={entry?.rtl ? 'rtl' : 'ltr'}>
              {name}
            </option>
          );
        })}
      </select>
    </div>
  );
}
