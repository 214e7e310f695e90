// "Report this project" on a share's page (issue 16, abuse limits): a visitor tells the
// moderators why, in a few taps. The server keeps one report per visitor and limits how many
// each may send.

import { protocol } from '@blockyard/cloud';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/services-context.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { learnerError } from '../ui/learner-errors.ts';

/** The server's limit on the details (share-routes.ts, reportBody). */
const MAX_DETAILS = 1000;

export function ReportShare({ shareId }: { shareId: string }) {
  const { t } = useTranslation();
  const { shares } = useServices();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<protocol.ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [state, setState] = useState<'editing' | 'sending' | 'sent'>('editing');
  const [problem, setProblem] = useState<string | null>(null);
  if (!shares) return null;

  const close = () => {
    setOpen(false);
    if (state === 'sent') return;
    setProblem(null);
  };
  const send = async () => {
    if (!reason) return;
    setState('sending');
    setProblem(null);
    try {
      await shares.report(shareId, { reason, details: details.trim() });
      setState('sent');
    } catch (error) {
      setState('editing');
      setProblem(t('share.report.failed', { reason: learnerError(error, t).words }));
    }
  };

  return (
    <>
      <button type="button" className="button button-secondary share-report-open" onClick={() => setOpen(true)}>
        <Flag aria-hidden="true" size={16} />
        {state === 'sent' ? t('share.report.sentShort') : t('share.report.open')}
      </button>
      <Dialog open={open} title={t('share.report.title')} onClose={close} className="share-report-dialog">
        {state === 'sent' ? (
          <p role="status">{t('share.report.thanks')}</p>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void send();
            }}
          >
            <p>{t('share.report.intro')}</p>
            <fieldset className="share-report-reasons">
              <legend>{t('share.report.why')}</legend>
              {protocol.REPORT_REASONS.map((option) => (
                <label key={option}>
                  <input
                    type="radio"
                    name="report-reason"
                    value={option}
                    checked={reason === option}
                    onChange={() => setReason(option)}
                  />
                  {t(`share.report.reason.${option}`)}
                </label>
              ))}
            </fieldset>
            <label className="share-report-details">
              {t('share.report.details')}
              <textarea
                value={details}
                maxLength={MAX_DETAILS}
                rows={3}
                onChange={(event) => setDetails(event.target.value)}
              />
            </label>
            {problem ? (
              <p className="share-problem" role="alert">
                {problem}
              </p>
            ) : null}
            <div className="dialog-actions">
              <button type="button" className="button button-secondary" onClick={close}>
                {t('share.report.cancel')}
              </button>
              <button type="submit" className="button button-primary" disabled={!reason || state === 'sending'}>
                {state === 'sending' ? t('share.report.sending') : t('share.report.send')}
              </button>
            </div>
          </form>
        )}
        {state === 'sent' ? (
          <div className="dialog-actions">
            <button type="button" className="button button-primary" onClick={close}>
              {t('share.report.close')}
            </button>
          </div>
        ) : null}
      </Dialog>
    </>
  );
}
