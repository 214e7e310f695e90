import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/services-context.tsx';

export function HighContrastSwitch() {
  const { t } = useTranslation();
  const { theme } = useServices();
  const current = useSyncExternalStore(theme.subscribe, () => theme.current);
  const on = current === 'high-contrast';
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      className="settings-switch"
      onClick={() => theme.set(on ? 'default' : 'high-contrast')}
    >
      <span className="settings-switch-track" aria-hidden="true">
        <span className="settings-switch-thumb" />
      </span>
      <span>{t('nav.highContrast')}</span>
    </button>
  );
}
