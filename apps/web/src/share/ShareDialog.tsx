// The editor's Share dialog: publishes a snapshot of the project (spec 001 §5), then shows the
// link and an embed code, each with Copy, and lets this browser's publisher unshare it. A share
// never changes: "Share again" makes a new link with the project as it is now.

import type { protocol, PublishedShare, ShareClient } from '@blockyard/cloud';
import { shareEmbedCode, type ShareEmbedMode } from '@blockyard/cloud';
import { Copy, Link2, Share2, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../ui/Dialog.tsx';
import { shareProblem } from './share-words.ts';
import './share.css';

export interface ShareDialogProps {
  open: boolean;
  onClose: () => void;
  shares: ShareClient;
  projectId: string;
  projectName: string;
  /**
   * The project as it is this instant (files and picture), read when Share is pressed; with
   * `history`, its earlier versions too (for the share page's history and `timeMachine=1`).
   */
  snapshot: (options: { history: boolean }) => Promise<protocol.PublishRequest>;
  /** Whether a signed-in person shares (anonymous shares are unshared only from this browser). */
  signedIn: boolean;
  /** Writes text to the clipboard (navigator.clipboard in the browser). */
  copyText?: (text: string) => Promise<void>;
}

type Copied = 'link' | 'embed' | 'failed' | null;

const browserCopy = (text: string) => navigator.clipboard.writeText(text);

export function ShareDialog({
  open,
  onClose,
  shares,
  projectId,
  projectName,
  snapshot,
  signedIn,
  copyText = browserCopy,
}: ShareDialogProps) {
  const { t } = useTranslation();
  const linkId = useId();
  const embedId = useId();
  const [share, setShare] = useState<PublishedShare | undefined>(() => shares.sharesOf(projectId)[0]);
  const [busy, setBusy] = useState<'publishing' | 'unpublishing' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [copied, setCopied] = useState<Copied>(null);
  const [unshared, setUnshared] = useState(false);
  const [embedMode, setEmbedMode] = useState<ShareEmbedMode>('sandbox');
  const [withHistory, setWithHistory] = useState(false);

  const publish = async () => {
    setBusy('publishing');
    setProblem(null);
    setCopied(null);
    setUnshared(false);
    try {
      setShare(await shares.publish(projectId, await snapshot({ history: withHistory })));
    } catch (error) {
      setProblem(shareProblem(error, t, 'share.publishFailed'));
    } finally {
      setBusy(null);
    }
  };

  const unpublish = async (current: PublishedShare) => {
    setBusy('unpublishing');
    setProblem(null);
    setCopied(null);
    try {
      await shares.unpublish(projectId, current);
      setShare(shares.sharesOf(projectId)[0]);
      setUnshared(true);
    } catch (error) {
      setProblem(shareProblem(error, t, 'share.unpublishFailed'));
    } finally {
      setBusy(null);
    }
  };

  const copy = (what: 'link' | 'embed', text: string) => {
    copyText(text).then(
      () => setCopied(what),
      () => setCopied('failed'),
    );
  };

  const embed = share ? shareEmbedCode(share.url, projectName, embedMode) : '';

  return (
    <Dialog open={open} title={t('share.title')} onClose={onClose} className="share-dialog">
      {share ? (
        <div className="share-body">
          <p>{t('share.sharedText')}</p>
          <label htmlFor={linkId} className="field-label">
            {t('share.linkLabel')}
          </label>
          <div className="share-row">
            <input
              id={linkId}
              className="text-input"
              readOnly
              value={share.url}
              onFocus={(event) => event.currentTarget.select()}
            />
            <button type="button" className="button button-primary" onClick={() => copy('link', share.url)}>
              <Copy aria-hidden="true" size={18} />
              {t('share.copyLink')}
            </button>
          </div>
          <fieldset className="share-embed-modes">
            <legend className="field-label">{t('share.embedShows')}</legend>
            {(['sandbox', 'simulator', 'timeMachine'] as const).map((mode) => (
              <label key={mode} className="share-embed-mode">
                <input
                  type="radio"
                  name={`${embedId}-mode`}
                  value={mode}
                  checked={embedMode === mode}
                  onChange={() => {
                    setEmbedMode(mode);
                    setCopied(null);
                  }}
                />
                {t(`share.embedMode.${mode}`)}
              </label>
            ))}
          </fieldset>
          <label htmlFor={embedId} className="field-label">
            {t('share.embedLabel')}
          </label>
          <div className="share-row">
            <textarea
              id={embedId}
              className="text-input share-embed"
              readOnly
              rows={3}
              value={embed}
              onFocus={(event) => event.currentTarget.select()}
            />
            <button type="button" className="button button-secondary" onClick={() => copy('embed', embed)}>
              <Copy aria-hidden="true" size={18} />
              {t('share.copyEmbed')}
            </button>
          </div>
          <p className="share-copied" role="status">
            {copied === 'link'
              ? t('share.linkCopied')
              : copied === 'embed'
                ? t('share.embedCopied')
                : copied === 'failed'
                  ? t('share.copyFailed')
                  : ''}
          </p>
          <p className="share-note">{t('share.snapshotNote')}</p>
        </div>
      ) : (
        <div className="share-body">
          {unshared ? (
            <p className="share-done" role="status">
              {t('share.unshared')}
            </p>
          ) : null}
          <p>{t('share.intro')}</p>
          <p className="share-note">{signedIn ? t('share.signedInNote') : t('share.anonymousNote')}</p>
        </div>
      )}
      <label className="share-history-choice">
        <input type="checkbox" checked={withHistory} onChange={(event) => setWithHistory(event.target.checked)} />
        {t('share.withHistory')}
      </label>
      {problem ? (
        <p className="share-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="dialog-actions">
        {share ? (
          <button
            type="button"
            className="button button-secondary"
            disabled={busy !== null}
            onClick={() => void unpublish(share)}
          >
            <Trash2 aria-hidden="true" size={18} />
            {busy === 'unpublishing' ? t('share.unpublishing') : t('share.unpublish')}
          </button>
        ) : null}
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t('common.close')}
        </button>
        <button type="button" className="button button-primary" disabled={busy !== null} onClick={() => void publish()}>
          {share ? <Link2 aria-hidden="true" size={18} /> : <Share2 aria-hidden="true" size={18} />}
          {busy === 'publishing' ? t('share.publishing') : share ? t('share.again') : t('share.publish')}
        </button>
      </div>
    </Dialog>
  );
}
