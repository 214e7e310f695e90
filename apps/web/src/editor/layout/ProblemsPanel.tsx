// What stops or broke the program, in words a learner can act on, each with the place it belongs
// to (a line, or "this block", which the block editor marks too) and the exact technical message
// behind a Details toggle. A polite live region: new problems are read out once.

import { AlertTriangle, CircleX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Problem } from '../session/session-types.ts';
import type { EditorMode } from '../session/project-files.ts';

interface ProblemsPanelProps {
  problems: readonly Problem[];
  mode: EditorMode;
  /** Moves the learner to the problem (its line or block). */
  onShow?: (problem: Problem) => void;
  /** A block's words ("show number"), to say which block a problem is on. */
  blockName?: (blockId: string) => string | undefined;
}

export function useProblemWords() {
  const { t } = useTranslation();
  return (problem: Problem) => t(`editor.words.${problem.words.key}`, problem.words.values);
}

/**
 * The simulator's status when a runtime error stopped the program, with where it happened: the
 * block's words in blocks ("Stopped in “show number”: …"), the line in code.
 */
export function useStoppedMessage(
  problems: readonly Problem[],
  mode: EditorMode,
  blockName?: (blockId: string) => string | undefined,
): string | undefined {
  const { t } = useTranslation();
  const words = useProblemWords();
  const problem = problems.find((p) => p.source === 'runtime');
  if (!problem) return undefined;
  const reason = words(problem);
  const block = mode === 'blocks' && problem.blockId ? blockName?.(problem.blockId) : undefined;
  if (block) return t('sim.pane.stoppedInBlock', { block, reason });
  if (problem.line !== undefined) return t('sim.pane.stoppedOnLine', { line: problem.line, reason });
  return t('sim.pane.stoppedBy', { reason });
}

export function ProblemsPanel({ problems, mode, onShow, blockName }: ProblemsPanelProps) {
  const { t } = useTranslation();
  const words = useProblemWords();
  const errors = problems.filter((p) => p.severity === 'error' && p.source !== 'runtime').length;
  const stopped = problems.some((p) => p.source === 'runtime');
  return (
    <section className="problems" aria-label={t('editor.problems.title')} aria-live="polite">
      {problems.length === 0 ? null : (
        <>
          <h2 className="problems-title">
            {errors > 0
              ? t('editor.problems.errors', { count: errors })
              : stopped
                ? t('editor.problems.stopped')
                : t('editor.problems.warnings')}
          </h2>
          <ul className="problems-list">
            {problems.map((problem, index) => {
              const block = mode === 'blocks' && problem.blockId ? blockName?.(problem.blockId) : undefined;
              const where =
                mode === 'blocks' && problem.blockId
                  ? block
                    ? t('editor.problems.inBlock', { block })
                    : t('editor.problems.onBlock')
                  : problem.line !== undefined
                    ? t('editor.problems.line', { line: problem.line })
                    : null;
              return (
                <li key={index} className={`problem problem-${problem.severity}`}>
                  {problem.severity === 'error' ? (
                    <CircleX aria-hidden="true" size={20} />
                  ) : (
                    <AlertTriangle aria-hidden="true" size={20} />
                  )}
                  <div className="problem-text">
                    <p>
                      {where && onShow ? (
                        <button type="button" className="problem-where" onClick={() => onShow(problem)}>
                          {where}
                        </button>
                      ) : where ? (
                        <span className="problem-where">{where}</span>
                      ) : null}{' '}
                      {words(problem)}
                    </p>
                    {problem.technical && problem.technical !== words(problem) ? (
                      <details>
                        <summary>{t('editor.problems.details')}</summary>
                        <code>{problem.technical}</code>
                      </details>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
