import { Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HighContrastSwitch } from './HighContrastSwitch.tsx';
import { LanguagePicker } from './LanguagePicker.tsx';
import { useDisclosure } from '../ui/use-disclosure.ts';

/** A disclosure panel with the settings a learner can change without signing in. */
export function SettingsMenu() {
  const { t } = useTranslation();
  const { open, toggle, panelId, container, button } = useDisclosure();

  return (
    <div className="settings-menu" ref={container}>
      <button
        ref={button}
        type="button"
        className="app-header-icon-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        <Settings aria-hidden="true" size={22} />
        <span>{t('nav.settings')}</span>
      </button>
      <div id={panelId} className="settings-panel" hidden={!open} role="group" aria-label={t('nav.settings')}>
        <LanguagePicker />
        <HighContrastSwitch />
      </div>
    </div>
  );
}
