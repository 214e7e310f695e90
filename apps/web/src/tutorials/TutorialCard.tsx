// The step card above the workspace in tutorial mode: where the learner is, what to do now (with
// block references drawn in their category colour), a hint on request (and on its own after a
// while for @showhint steps), the list of steps, previous/next, dialogs for @showdialog steps and
// a celebration at the end. The progress it reports is saved with the project by the caller.

import type { TutorialParseResult } from '@blockyard/core';
import { ChevronLeft, ChevronRight, Lightbulb, ListOrdered, PartyPopper, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../ui/Dialog.tsx';
import { clampStep, type TutorialProgress } from './tutorial-progress.ts';
import { type SnippetRenderer, TutorialMarkdown } from './TutorialMarkdown.tsx';
import './tutorial.css';

/** How long a @showhint step waits before opening its hint by itself (ms). */
export const AUTO_HINT_DELAY_MS = 15_000;

interface TutorialCardProps {
  readonly tutorial: TutorialParseResult;
  readonly progress: TutorialProgress;
  readonly onProgress: (progress: TutorialProgress) => void;
  /** Leave tutorial mode (the project stays, as an ordinary project). */
  readonly onExit: () => void;
  /** Draws the hint's `blocks` snippets as blocks (the editor gives it); code otherwise. */
  readonly renderSnippet?: SnippetRenderer;
}

export function TutorialCard({ tutorial, progress, onProgress, onExit, renderSnippet }: TutorialCardProps) {
  const { t } = useTranslation();
  const steps = tutorial.steps;
  const index = clampStep(progress.step, steps.length);
  const step = steps[index];
  const last = index === steps.length - 1;
  // The hint belongs to one step: moving on closes it.
  const [hint, setHint] = useState({ step: -1, open: false });
  const hintOpen = hint.step === index && hint.open;
  const setHintOpen = (open: boolean) => setHint({ step: index, open });
  const [listOpen, setListOpen] = useState(false);
  const [dialogClosed, setDialogClosed] = useState<number | null>(null);
  const hintId = useId();
  const listId = useId();

  // A @showhint step opens its hint after a while.
  useEffect(() => {
    if (!step?.showHint || !step.hintContentMd) return;
    const timer = setTimeout(() => setHint({ step: index, open: true }), AUTO_HINT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [index, step]);

  if (!step) return null;
  const go = (to: number) => {
    const next = clampStep(to, steps.length);
    onProgress({ ...progress, step: next, done: progress.done || steps[next]?.tutorialCompleted === true });
  };
  const finish = () => onProgress({ ...progress, done: true });
  const stepTitle = step.title ?? t('tutorial.stepNumber', { number: index + 1 });
  const showDialog = step.showDialog === true && dialogClosed !== index && !progress.done;
  const celebrate = progress.done && (last || step.tutorialCompleted === true);

  return (
    <section className="tutorial-card" aria-labelledby={`${listId}-title`}>
      <div className="tutorial-card-head">
        <p className="tutorial-card-name">{tutorial.title}</p>
        <h2 id={`${listId}-title`} className="tutorial-card-title">
          <span className="tutorial-card-count">
            {t('tutorial.stepOf', { number: index + 1, count: steps.length })}
          </span>{' '}
          {stepTitle}
        </h2>
        <button
          type="button"
          className="button button-secondary button-small"
          aria-expanded={listOpen}
          aria-controls={listId}
          onClick={() => setListOpen((open) => !open)}
        >
          <ListOrdered aria-hidden="true" size={18} />
          {t('tutorial.steps')}
        </button>
        <button
          type="button"
          className="button button-secondary button-small tutorial-exit"
          onClick={onExit}
          aria-label={t('tutorial.exit')}
          title={t('tutorial.exit')}
        >
          <X aria-hidden="true" size={18} />
        </button>
      </div>
      {listOpen ? (
        <ol id={listId} className="tutorial-step-list">
          {steps.map((s, i) => (
            <li key={i}>
              <button
                type="button"
                className="tutorial-step-link"
                aria-current={i === index ? 'step' : undefined}
                onClick={() => {
                  go(i);
                  setListOpen(false);
                }}
              >
                {s.title ?? t('tutorial.stepNumber', { number: i + 1 })}
              </button>
            </li>
          ))}
        </ol>
      ) : null}
      {celebrate ? (
        <div className="tutorial-celebration" role="status">
          <PartyPopper aria-hidden="true" size={40} />
          <div>
            <p className="tutorial-celebration-title">{t('tutorial.doneTitle')}</p>
            <p>{t('tutorial.doneText')}</p>
          </div>
        </div>
      ) : null}
      <TutorialMarkdown text={step.showDialog ? step.contentMd : step.headerContentMd} />
      {hintOpen && step.hintContentMd ? (
        <div id={hintId} className="tutorial-hint" role="region" aria-label={t('tutorial.hint')}>
          <TutorialMarkdown text={step.hintContentMd} {...(renderSnippet ? { renderSnippet } : {})} />
        </div>
      ) : null}
      <div className="tutorial-card-actions">
        {step.hintContentMd ? (
          <button
            type="button"
            className="button button-secondary"
            aria-expanded={hintOpen}
            aria-controls={hintId}
            onClick={() => setHintOpen(!hintOpen)}
          >
            <Lightbulb aria-hidden="true" size={20} />
            {hintOpen ? t('tutorial.hideHint') : t('tutorial.hint')}
          </button>
        ) : null}
        <span className="tutorial-card-spacer" />
        <button type="button" className="button button-secondary" disabled={index === 0} onClick={() => go(index - 1)}>
          <ChevronLeft aria-hidden="true" size={20} />
          {t('tutorial.previous')}
        </button>
        {last ? (
          <button type="button" className="button button-primary" disabled={progress.done} onClick={finish}>
            {t('tutorial.finish')}
          </button>
        ) : (
          <button type="button" className="button button-primary" onClick={() => go(index + 1)}>
            {t('tutorial.next')}
            <ChevronRight aria-hidden="true" size={20} />
          </button>
        )}
      </div>
      {showDialog ? (
        <Dialog open title={stepTitle} onClose={() => setDialogClosed(index)}>
          <TutorialMarkdown text={step.contentMd} />
          <div className="dialog-actions">
            <button
              type="button"
              className="button button-primary"
              autoFocus
              onClick={() => {
                setDialogClosed(index);
                if (!last) go(index + 1);
              }}
            >
              {t('tutorial.ok')}
            </button>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}
