// "Open from GitHub" on the home screen: a repository name or address in, a new project in the
// library out (projects/import/repository-import.ts reads and checks it through our server). Any
// refusal is one plain sentence with the exact reason under Details; nothing is created then.

import { FolderGit2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExtensionHost } from '../extensions/project-extensions.ts';
import {
  importFromRepository,
  RepositoryImportError,
  type RepositoryProject,
} from '../projects/import/repository-import.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { ProblemNote } from '../ui/ProblemNote.tsx';
import './repository-import.css';

export interface OpenFromRepositoryDialogProps {
  open: boolean;
  onClose: () => void;
  /** Our server's code-host proxy; without it nothing can be opened (said plainly). */
  host: ExtensionHost | undefined;
  /** Creates the project and opens it; the dialog closes after. */
  onOpen: (project: RepositoryProject) => Promise<void>;
}

export function OpenFromRepositoryDialog({ open, onClose, host, onOpen }: OpenFromRepositoryDialogProps) {
  const { t } = useTranslation();
  const fieldId = useId();
  const [input, setInput] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ words: string; detail?: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (input.trim() === '' || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const project = await importFromRepository(input, host);
      await onOpen(project);
      setInput('');
      onClose();
    } catch (error) {
      if (error instanceof RepositoryImportError) {
        const reason = error.reason === 'noServer' ? 'unreachable' : error.reason;
        setFailure({
          words: t(`repositoryImport.error.${reason}`, { ref: error.ref }),
          ...(error.detail ? { detail: error.detail } : {}),
        });
      } else {
        setFailure({ words: t('repositoryImport.error.unreachable') });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} title={t('repositoryImport.title')} onClose={onClose} className="repository-import-dialog">
      <form onSubmit={(event) => void submit(event)}>
        <label htmlFor={fieldId} className="field-label">
          {t('repositoryImport.label')}
        </label>
        <input
          id={fieldId}
          className="text-input"
          type="text"
          value={input}
          maxLength={300}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setInput(event.target.value)}
        />
        {failure ? <ProblemNote words={failure.words} detail={failure.detail} /> : null}
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button-primary" disabled={busy || input.trim() === ''}>
            <FolderGit2 aria-hidden="true" size={18} />
            {busy ? t('repositoryImport.busy') : t('repositoryImport.open')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
