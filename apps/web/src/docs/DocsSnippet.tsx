import { newProjectFiles, uniqueProjectName } from '@blockyard/projects';
import { useNavigate } from '@tanstack/react-router';
import { Play } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { withDependency } from '../extensions/project-extensions.ts';
import { useProjectServices } from '../projects/project-hooks.ts';

/** Snippet languages that are a whole program for our board (MakeCode's names). */
export const RUNNABLE_SNIPPETS: readonly string[] = ['language-blocks', 'language-typescript'];

/** An extension a snippet needs (`servo-kit` at `*`, `lamp` at `github:maker/pxt-lamp#v1.2.0`). */
export interface SnippetDependency {
  readonly id: string;
  readonly spec: string;
}

/**
 * A highlighted program from a guide with a button that makes it a project of the learner's
 * and opens it in the editor, where the simulator runs it at once. An extension's example brings
 * the extension into that project.
 */
export function DocsSnippet({
  code,
  dependency,
  children,
}: {
  code: string;
  dependency?: SnippetDependency | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const services = useProjectServices();
  const navigate = useNavigate();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');

  async function run() {
    setState('busy');
    try {
      const name = uniqueProjectName(t('docs.snippetProjectName'), services.library.names());
      const fresh = newProjectFiles(name, `${code}\n`);
      const files = dependency
        ? { ...fresh, 'pxt.json': withDependency(fresh, dependency.id, dependency.spec) }
        : fresh;
      const project = await services.library.createToOpen({ name, files });
      await navigate({ to: '/projects/$id', params: { id: project.id } });
    } catch {
      setState('failed');
    }
  }

  return (
    <div className="docs-snippet">
      {children}
      <button type="button" className="button button-primary" disabled={state === 'busy'} onClick={() => void run()}>
        <Play aria-hidden="true" size={20} />
        {t('docs.runSnippet')}
      </button>
      {state === 'failed' && (
        <p role="alert" className="docs-snippet-problem">
          {t('docs.snippetFailed')}
        </p>
      )}
    </div>
  );
}
