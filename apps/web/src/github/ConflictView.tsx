// After a pull where this project and GitHub changed the same lines: each clash shown with both
// sides, and a choice per clash (keep mine, keep GitHub's, keep both). Only when every clash has
// a choice can the result be taken into the project.
import { type MarkerChoice, parseConflicts } from '@blockyard/cloud';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConflictViewProps {
  /** Merged files by path, with conflict markers in the clashing ones. */
  files: Readonly<Record<string, string>>;
  conflicts: readonly string[];
  choices: Readonly<Record<string, readonly (MarkerChoice | undefined)[]>>;
  onChoose: (path: string, index: number, choice: MarkerChoice) => void;
}

const CHOICES: readonly MarkerChoice[] = ['ours', 'theirs', 'both'];

export function ConflictView({ files, conflicts, choices, onChoose }: ConflictViewProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="github-conflicts">
      {conflicts.map((path) => {
        const clashes = parseConflicts(files[path] ?? '').filter((part) => part.kind === 'conflict');
        return (
          <section key={path} className="github-conflict-file" aria-labelledby={`${id}-${path}`}>
            <h4 id={`${id}-${path}`} className="github-diff-path">
              {path}
            </h4>
            {clashes.map((clash, index) => {
              const chosen = choices[path]?.[index];
              const groupName = `${id}-${path}-${index}`;
              return (
                <fieldset key={index} className="github-clash">
                  <legend>{t('github.clash', { number: index + 1, count: clashes.length })}</legend>
                  <div className="github-clash-sides">
                    <div>
                      <p className="github-clash-label">{t('github.mine')}</p>
                      <pre className="github-diff-hunk github-clash-ours">{clash.ours.join('\n') || ' '}</pre>
                    </div>
                    <div>
                      <p className="github-clash-label">{t('github.theirs')}</p>
                      <pre className="github-diff-hunk github-clash-theirs">{clash.theirs.join('\n') || ' '}</pre>
                    </div>
                  </div>
                  <div className="github-clash-choices">
                    {CHOICES.map((choice) => (
                      <label key={choice} className={`github-choice${chosen === choice ? ' github-choice-on' : ''}`}>
                        <input
                          type="radio"
                          name={groupName}
                          value={choice}
                          checked={chosen === choice}
                          onChange={() => onChoose(path, index, choice)}
                        />
                        {t(`github.keep.${choice}`)}
                      </label>
                    ))}
                  </div>
                </fieldset>
              );
            })}
          </section>
        );
      })}
    </div>
  );
}

/** How many clashes each file has. */
export function clashCount(text: string): number {
  return parseConflicts(text).filter((part) => part.kind === 'conflict').length;
}
