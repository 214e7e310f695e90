// The editor's header: home, the editable project name, the Blocks | JavaScript switch, the save
// status, and History, Share (not yet), Settings and Help.

import { Link } from '@tanstack/react-router';
import { CircleHelp, History, Home, Share2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsMenu } from '../../shell/SettingsMenu.tsx';

interface EditorHeaderProps {
  name: ReactNode;
  modeSwitch: ReactNode;
  status: ReactNode;
  historyOpen: boolean;
  historyId: string;
  onToggleHistory: () => void;
}

export function EditorHeader({ name, modeSwitch, status, historyOpen, historyId, onToggleHistory }: EditorHeaderProps) {
  const { t } = useTranslation();
  const shareHint = useId();
  return (
    <header className="editor-header">
      <Link to="/" className="editor-header-button" aria-label={t('editor.homeLink')} title={t('editor.homeLink')}>
        <Home aria-hidden="true" size={22} />
      </Link>
      {name}
      <div className="editor-header-middle">{modeSwitch}</div>
      <div className="editor-header-end">
        {status}
        <button
          type="button"
          className="editor-header-button"
          aria-expanded={historyOpen}
          aria-controls={historyId}
          onClick={onToggleHistory}
        >
          <History aria-hidden="true" size={20} />
          <span className="editor-header-label">{t('editor.history')}</span>
        </button>
        <span className="editor-share">
          {/* Disabled but focusable, so keyboard users also meet the explanation. */}
          <button type="button" className="editor-header-button" aria-disabled="true" aria-describedby={shareHint}>
            <Share2 aria-hidden="true" size={20} />
            <span className="editor-header-label">{t('editor.share')}</span>
          </button>
          <span id={shareHint} role="tooltip" className="editor-tooltip">
            {t('editor.shareSoon')}
          </span>
        </span>
        <SettingsMenu />
        <Link to="/docs/$" params={{ _splat: '' }} className="editor-header-button" target="_blank" rel="noopener">
          <CircleHelp aria-hidden="true" size={20} />
          <span className="editor-header-label">{t('editor.help')}</span>
        </Link>
      </div>
    </header>
  );
}
