import type { AutosaveState } from '@blockyard/projects';
import { AlertTriangle, Check, CloudUpload, GitCompare, PencilLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRelativeTime } from '../ui/relative-time.ts';

/** The status pill's tone (ui.css) for each state. */
const tone: Record<AutosaveState['status'], 'success' | 'danger' | null> = {
  saved: 'success',
  saving: null,
  unsaved: null,
  error: 'danger',
  conflict: 'danger',
};

/** "Saved 2 minutes ago", "Saving…", …: a polite live region so changes are announced. */
export function AutosaveIndicator({ state, now }: { state: AutosaveState; now: number }) {
  const { t, i18n } = useTranslation();
  const icon = {
    saved: <Check aria-hidden="true" size={18} />,
    saving: <CloudUpload aria-hidden="true" size={18} />,
    unsaved: <PencilLine aria-hidden="true" size={18} />,
    error: <AlertTriangle aria-hidden="true" size={18} />,
    conflict: <GitCompare aria-hidden="true" size={18} />,
  }[state.status];
  const text =
    state.status === 'saved' && state.lastSavedAt !== null
      ? t('editor.status.savedAt', { when: formatRelativeTime(state.lastSavedAt, now, i18n.language) })
      : t(`editor.status.${state.status}`);
  return (
    <p
      className={`status-pill${tone[state.status] ? ` status-pill-${tone[state.status]}` : ''} autosave-indicator autosave-${state.status}`}
      role="status"
      data-status={state.status}
      title={state.lastSavedAt === null ? undefined : formatDateTime(state.lastSavedAt, i18n.language)}
    >
      {icon}
      <span>{text}</span>
    </p>
  );
}
