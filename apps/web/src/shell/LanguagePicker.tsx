import { languages } from '@blockyard/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/services-context.tsx';

/** Every language of the product list; untranslated ones fall back to English strings. */
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
        {languages.map((entry) => (
          <option key={entry.code} value={entry.code} lang={entry.code}>
            {entry.localName === entry.englishName ? entry.localName : `${entry.localName} (${entry.englishName})`}
          </option>
        ))}
      </select>
    </div>
  );
}
