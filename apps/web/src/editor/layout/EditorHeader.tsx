// The editor's header: home, the project name, the Blocks | JavaScript switch, the save status,
// and History, Extensions, GitHub, Share, Settings, the account (Sign in) and Help. The page flags take
// parts away (see editor-chrome.ts); a sandbox embed gets a link to the full editor instead.

import { Link } from '@tanstack/react-router';
import { CircleHelp, Eye, FolderGit2, History, Home, Puzzle, Share2, SquareArrowOutUpRight } from 'lucide-react';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountMenu } from '../../account/AccountMenu.tsx';
import { SettingsMenu } from '../../shell/SettingsMenu.tsx';
import type { EditorChrome } from './editor-chrome.ts';

type HeaderButtonProps = { icon: ReactNode; label: string } & Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'type' | 'className' | 'title' | 'children'
>;

/** An icon button whose words show on wide screens; the tooltip and the words name it elsewhere. */
function HeaderButton({ icon, label, ...rest }: HeaderButtonProps) {
  return (
    <button type="button" className="editor-header-button" title={label} {...rest}>
      {icon}
      <span className="editor-header-label">{label}</span>
    </button>
  );
}

interface EditorHeaderProps {
  chrome: EditorChrome;
  projectId: string;
  /** The name field, the name as text, or nothing. */
  name: ReactNode;
  modeSwitch: ReactNode;
  status: ReactNode;
  historyOpen: boolean;
  historyId: string;
  onToggleHistory: () => void;
  /** Opens the Share dialog; no Share button without it (no server to share through). */
  onShare?: (() => void) | undefined;
  /** Opens the Extensions dialog; no button without it (a read-only editor). */
  onExtensions?: (() => void) | undefined;
  /** Opens the GitHub dialog; no button without it (no server, or a read-only editor). */
  onGitHub?: (() => void) | undefined;
}

export function EditorHeader({
  chrome,
  projectId,
  name,
  modeSwitch,
  status,
  historyOpen,
  historyId,
  onToggleHistory,
  onShare,
  onExtensions,
  onGitHub,
}: EditorHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="editor-header">
      {chrome.homeLink ? (
        <Link to="/" className="editor-header-button" aria-label={t('editor.homeLink')} title={t('editor.homeLink')}>
          <Home aria-hidden="true" size={22} />
        </Link>
      ) : null}
      {name}
      <div className="editor-header-middle">{modeSwitch}</div>
      <div className="editor-header-end">
        {chrome.readOnly ? (
          <span className="editor-read-only" role="status">
            <Eye aria-hidden="true" size={18} />
            {t('editor.readOnly')}
          </span>
        ) : null}
        {chrome.saveStatus ? status : null}
        {chrome.history ? (
          <HeaderButton
            icon={<History aria-hidden="true" size={20} />}
            label={t('editor.history')}
            aria-expanded={historyOpen}
            aria-controls={historyId}
            onClick={onToggleHistory}
          />
        ) : null}
        {onExtensions ? (
          <HeaderButton
            icon={<Puzzle aria-hidden="true" size={20} />}
            label={t('extensions.title')}
            aria-haspopup="dialog"
            onClick={onExtensions}
          />
        ) : null}
        {onGitHub ? (
          <HeaderButton
            icon={<FolderGit2 aria-hidden="true" size={20} />}
            label={t('github.button')}
            aria-haspopup="dialog"
            onClick={onGitHub}
          />
        ) : null}
        {chrome.share && onShare ? (
          <HeaderButton
            icon={<Share2 aria-hidden="true" size={20} />}
            label={t('editor.share')}
            aria-haspopup="dialog"
            onClick={onShare}
          />
        ) : null}
        {chrome.settings ? <SettingsMenu /> : null}
        {/* The full editor only (where Settings is): embeds sign nobody in. */}
        {chrome.settings ? <AccountMenu /> : null}
        {chrome.help ? (
          <Link
            to="/docs/$"
            params={{ _splat: '' }}
            className="editor-header-button"
            title={t('editor.help')}
            target="_blank"
            rel="noopener"
          >
            <CircleHelp aria-hidden="true" size={20} />
            <span className="editor-header-label">{t('editor.help')}</span>
          </Link>
        ) : null}
        {chrome.openFull ? (
          // A new tab of the full editor (no flags): from an embed, the learner's own copy of Blockyard.
          <Link
            to="/projects/$id"
            params={{ id: projectId }}
            className="editor-header-button"
            target="_blank"
            rel="noopener"
          >
            <SquareArrowOutUpRight className="icon-mirror" aria-hidden="true" size={20} />
            <span className="editor-header-label">{t('editor.openFull')}</span>
          </Link>
        ) : null}
      </div>
    </header>
  );
}
