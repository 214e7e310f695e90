import {
  MAX_PROJECT_NAME_LENGTH,
  checkProjectName,
  uniqueProjectName,
  type ProjectNameProblem,
} from '@blockyard/projects';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../ui/Dialog.tsx';

interface NewProjectDialogProps {
  open: boolean;
  /** Names already used, so the suggested one is new. */
  takenNames: readonly string[];
  onCreate: (name: string) => Promise<void>;
  onClose: () => void;
}

export function nameProblemKey(problem: ProjectNameProblem): string {
  return problem === 'empty'
    ? 'newProject.empty'
    : problem === 'too-long'
      ? 'newProject.tooLong'
      : 'newProject.controlCharacters';
}

/** Asks for a name (a fresh default is ready to accept), then creates the project. */
export function NewProjectDialog({ open, takenNames, onCreate, onClose }: NewProjectDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} title={t('newProject.title')} onClose={onClose} className="new-project-dialog">
      <NewProjectForm
        key={String(open)}
        initialName={uniqueProjectName(t('home.defaultName'), takenNames)}
        onCreate={onCreate}
        onClose={onClose}
      />
    </Dialog>
  );
}

function NewProjectForm({
  initialName,
  onCreate,
  onClose,
}: {
  initialName: string;
  onCreate: (name: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const errorId = useId();
  const problem = checkProjectName(name);
  const showProblem = touched && problem !== null;
  return (
    <form
      className="dialog-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (problem || busy) return;
        setBusy(true);
        void onCreate(name).finally(() => setBusy(false));
      }}
    >
      <label htmlFor={inputId} className="field-label">
        {t('newProject.nameLabel')}
      </label>
      <input
        id={inputId}
        className="text-input"
        value={name}
        maxLength={MAX_PROJECT_NAME_LENGTH * 2}
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => {
          setName(event.target.value);
          setTouched(true);
        }}
        aria-invalid={showProblem}
        aria-describedby={showProblem ? errorId : undefined}
      />
      {showProblem ? (
        <p id={errorId} className="field-error">
          {t(nameProblemKey(problem), { max: MAX_PROJECT_NAME_LENGTH })}
        </p>
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="button button-primary" disabled={busy}>
          {t('newProject.create')}
        </button>
      </div>
    </form>
  );
}
