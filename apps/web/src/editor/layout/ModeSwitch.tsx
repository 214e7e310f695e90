// Blocks | JavaScript | Python: a tab list (arrow keys move between them, Enter or Space switches), so
// screen readers announce it as the choice of editor. Switching may take a moment (the worker
// converts), so activation is manual rather than on focus.

import { Blocks, Braces, Code } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useRovingTabs } from '../../ui/use-roving-tabs.ts';
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
  const { tabRef, onTabKeyDown } = useRovingTabs(modes.length);
  return (
    <div className="mode-switch" role="tablist" aria-label={t('editor.mode.label')}>
      {modes.map((value, index) => {
        const selected = value === mode;
        const Icon = icons[value];
        return (
          <button
            key={value}
            ref={tabRef(index)}
            type="button"
            role="tab"
            className="mode-switch-tab"
            aria-selected={selected}
            aria-controls={panelId}
            aria-busy={busy && !selected ? true : undefined}
            // The selected tab is the one Tab reaches; arrows reach the other.
            tabIndex={selected ? 0 : -1}
            onKeyDown={(event) => onTabKeyDown(event, index)}
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
