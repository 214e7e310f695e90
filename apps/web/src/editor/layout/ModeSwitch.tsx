// Blocks | JavaScript | Python: a tab list (arrow keys move between them, Enter or Space switches), so
// screen readers announce it as the choice of editor. Switching may take a moment (the worker
// converts), so activation is manual rather than on focus.

import { Blocks, Braces, Code } from 'lucide-react';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorMode } from '../session/project-files.ts';

interface ModeSwitchProps {
  mode: EditorMode;
  /** The tab panel holding the editor. */
  panelId: string;
  busy: boolean;
  onSwitch: (mode: EditorMode) => void;
}

const modes: readonly EditorMode[] = ['blocks', 'javascript', 'python'];
const icons = { blocks: Blocks, javascript: Braces, python: Code } as const;

export function ModeSwitch({ mode, panelId, busy, onSwitch }: ModeSwitchProps) {
  const { t } = useTranslation();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight' && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? modes.length - 1
          : (index + (event.key === 'ArrowRight' ? 1 : -1) + modes.length) % modes.length;
    tabs.current[next]?.focus();
  };
  return (
    <div className="mode-switch" role="tablist" aria-label={t('editor.mode.label')}>
      {modes.map((value, index) => {
        const selected = value === mode;
        const Icon = icons[value];
        return (
          <button
            key={value}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            className="mode-switch-tab"
            aria-selected={selected}
            aria-controls={panelId}
            aria-busy={busy && !selected ? true : undefined}
            // The selected tab is the one Tab reaches; arrows reach the other.
            tabIndex={selected ? 0 : -1}
            onKeyDown={(event) => onKeyDown(event, index)}
            onClick={() => {
              if (!selected) onSwitch(value);
            }}
          >
            <Icon aria-hidden="true" size={18} />
            {t(`editor.mode.${value}`)}
          </button>
        );
      })}
    </div>
  );
}
