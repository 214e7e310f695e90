import { Settings } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HighContrastSwitch } from './HighContrastSwitch.tsx';
import { LanguagePicker } from './LanguagePicker.tsx';

/** A disclosure panel with the settings a learner can change without signing in. */
export function SettingsMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div className="settings-menu" ref={container}>
      <button
        ref={button}
        type="button"
        className="app-header-icon-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
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
