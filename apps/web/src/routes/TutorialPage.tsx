// The route /tutorials/$id: starts one of our tutorials as a new project of the learner's and
// opens it in the editor (tutorial mode), or says plainly that there is no such tutorial.

import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProjectServices } from '../projects/project-hooks.ts';
import { startTutorial } from '../tutorials/start-tutorial.ts';

export function TutorialPage() {
  const { t } = useTranslation();
  const { id } = useParams({ from: '/tutorials/$id' });
  const services = useProjectServices();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<'missing' | 'failed' | null>(null);
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (started.current === id) return;
    started.current = id;
    startTutorial(services.library, id).then(
      (projectId) => {
        if (projectId === null) setProblem('missing');
        else void navigate({ to: '/projects/$id', params: { id: projectId }, replace: true });
      },
      () => setProblem('failed'),
    );
  }, [id, services, navigate]);

  return (
    <div className="page">
      <article className="card">
        {problem === null ? (
          <h1 role="status">{t('tutorial.starting')}</h1>
        ) : (
          <>
            <h1>{problem === 'missing' ? t('tutorial.missingTitle') : t('home.tutorialFailed')}</h1>
            {problem === 'missing' ? <p>{t('tutorial.missingText')}</p> : null}
            <Link to="/" className="button button-secondary">
              <ArrowLeft aria-hidden="true" size={18} />
              {t('editor.home')}
            </Link>
          </>
        )}
      </article>
    </div>
  );
}
