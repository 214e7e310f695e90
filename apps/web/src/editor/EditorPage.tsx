// The route /projects/$id, loaded on demand (the home page fetches it only once idle): opens the
// project and shows the editor, or says plainly why it cannot.

import { Link, useParams } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useProject } from '../projects/project-hooks.ts';
import { AppHeader } from '../shell/AppHeader.tsx';
import { ProjectEditor, useEditorCodeReady } from './ProjectEditor.tsx';

export function EditorPage() {
  const { t } = useTranslation();
  const { id } = useParams({ from: '/projects/$id' });
  const load = useProject(id);
  const codeReady = useEditorCodeReady(load.status === 'ready' ? load.autosave.getContent().files : null);
  if (load.status === 'ready' && codeReady) return <ProjectEditor key={id} autosave={load.autosave} />;
  const waiting = load.status === 'loading' || load.status === 'ready';
  const [title, text] = waiting
    ? [t('editor.loading'), null]
    : load.status === 'missing'
      ? [t('editor.missingTitle'), t('editor.missingText')]
      : load.status === 'damaged'
        ? [t('editor.damagedTitle'), t('editor.damagedText')]
        : [t('editor.errorTitle'), t('editor.errorText')];
  return (
    <>
      <AppHeader />
      <main id="main" tabIndex={-1}>
        <div className="page">
          <h1 role={waiting ? 'status' : undefined}>{title}</h1>
          {text ? <p>{text}</p> : null}
          {waiting ? null : (
            <Link to="/" className="button button-secondary">
              <ArrowLeft className="icon-mirror" aria-hidden="true" size={18} />
              {t('editor.home')}
            </Link>
          )}
        </div>
      </main>
    </>
  );
}
