// The share page at /{id} (spec 001 §5): the shared project's simulator running it, its code to
// read, and Edit, which copies it into this visitor's own projects (a new project, never over
// one of theirs). A link that is wrong, gone or unshared says so plainly. A share that carries
// earlier versions lists them (the time machine; `timeMachine=1` is that view, read-only).

import { browserEditorEnvironment } from '../editor/editor-environment.ts';
import { CloudHttpError, protocol, type SharedProject } from '@blockyard/cloud';
import { uniqueProjectName } from '@blockyard/projects';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { ExternalLink, Pencil } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/services-context.tsx';
import { programFiles } from '../editor/session/project-files.ts';
import { useEditorSimulator } from '../editor/use-editor-simulator.ts';
import { NotFoundPage } from '../routes/NotFoundPage.tsx';
import { SimulatorPane } from '../sim-host/SimulatorPane.tsx';
import { ReportShare } from './ReportShare.tsx';
import { SharedHistory } from './SharedHistory.tsx';
import { learnerError } from '../ui/learner-errors.ts';
import './share.css';

type Load =
  { status: 'loading' } | { status: 'ready'; project: SharedProject } | { status: 'missing' | 'unshared' | 'failed' };

export function SharePage() {
  const { scriptId } = useParams({ from: '/$scriptId' });
  // Any other one-part address is simply not a page.
  if (!protocol.isPublishedScriptId(scriptId)) return <NotFoundPage />;
  return <SharedProjectPage key={scriptId} id={scriptId} />;
}

function SharedProjectPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const services = useServices();
  const [attempt, setAttempt] = useState(0);
  // Each attempt's answer is kept with its number: a retry shows "loading" until its own answer.
  const [answer, setAnswer] = useState<{ attempt: number; load: Load } | null>(null);
  const load: Load = answer?.attempt === attempt ? answer.load : { status: 'loading' };

  useEffect(() => {
    let cancelled = false;
    const opening = services.shares ? services.shares.open(id) : Promise.reject(new Error('No server to ask'));
    opening.then(
      (project) => !cancelled && setAnswer({ attempt, load: { status: 'ready', project } }),
      (error: unknown) => {
        if (cancelled) return;
        const status = error instanceof CloudHttpError ? error.status : 0;
        setAnswer({ attempt, load: { status: status === 404 ? 'missing' : status === 410 ? 'unshared' : 'failed' } });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [services.shares, id, attempt]);

  if (load.status === 'ready') return <SharedProjectView project={load.project} />;
  if (load.status === 'loading') {
    return (
      <div className="page">
        <h1 role="status">{t('share.page.loading')}</h1>
      </div>
    );
  }
  const [title, text] =
    load.status === 'missing'
      ? [t('share.page.missingTitle'), t('share.page.missingText')]
      : load.status === 'unshared'
        ? [t('share.page.unsharedTitle'), t('share.page.unsharedText')]
        : [t('share.page.failedTitle'), t('share.page.failedText')];
  return (
    <div className="page">
      <article className="card">
        <h1>{title}</h1>
        <p>{text}</p>
        <div className="dialog-actions">
          {load.status === 'failed' ? (
            <button type="button" className="button button-secondary" onClick={() => setAttempt((n) => n + 1)}>
              {t('share.page.retry')}
            </button>
          ) : null}
          <Link to="/" className="button button-primary">
            {t('notFound.home')}
          </Link>
        </div>
      </article>
    </div>
  );
}

function SharedProjectView({ project }: { project: SharedProject }) {
  const { t } = useTranslation();
  const services = useServices();
  const navigate = useNavigate();
  const environment = services.editor ?? browserEditorEnvironment(services.compiler);
  const [copying, setCopying] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const simulator = useEditorSimulator(environment, {
    frameTitle: t('sim.frameTitle'),
    language: () => services.i18n.language,
    onDownload: (file) => services.downloads.save(file),
    flags: services.flags,
  });
  const { files: sharedFiles, meta } = project;
  const { flags } = services;
  const [history, setHistory] = useState<protocol.SharedVersion[] | 'failed' | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  useEffect(() => {
    if (meta.historyLength === 0 || !services.shares) return undefined;
    let live = true;
    services.shares.history(meta.id).then(
      (versions) => live && setHistory(versions),
      () => live && setHistory('failed'),
    );
    return () => {
      live = false;
    };
  }, [services.shares, meta]);
  const files = (shown !== null && Array.isArray(history) ? history[shown]?.files : undefined) ?? sharedFiles;
  // The program starts as soon as the page shows it, as in the editor (and again for each version).
  useEffect(() => {
    void simulator.controller.run(programFiles(files));
  }, [simulator, files]);

  const edit = async () => {
    setCopying(true);
    setProblem(null);
    try {
      const library = services.projects.library;
      const name = uniqueProjectName(meta.name, library.names());
      const copy = await library.createToOpen({ name, files: sharedFiles, origin: 'import' });
      void navigate({ to: '/projects/$id', params: { id: copy.id } });
    } catch (error) {
      setProblem(t('share.page.copyFailed', { reason: learnerError(error, t).words }));
      setCopying(false);
    }
  };

  const python = meta.editor === 'pyprj' && files['main.py'] !== undefined;
  const code = python ? (files['main.py'] ?? '') : (files['main.ts'] ?? '');
  // Embed modes (spec 001 §2 page flags): controller mode shows only the simulator; the sandbox
  // layout (sandbox=1, or any frame) drops the page chrome and, unless edit=1, opens the share
  // in Blockyard itself rather than copying into a frame's storage the visitor never sees.
  if (flags.controllerMode) {
    return (
      <div className="share-page share-page-simulator">
        <h1 className="visually-hidden">{meta.name}</h1>
        <SimulatorPane simulator={simulator} getFiles={() => programFiles(files)} />
      </div>
    );
  }
  const embedded = flags.layout === 'sandbox';
  // The time machine is read-only: it opens the share in Blockyard rather than copying here.
  const openHere = (!embedded || flags.sandboxEditable) && !flags.timeMachine;
  const timeMachine =
    Array.isArray(history) && history.length > 0 ? (
      <SharedHistory versions={history} sharedAt={meta.time * 1000} shown={shown} onShow={setShown} />
    ) : history === 'failed' ? (
      <p className="share-note" role="alert">
        {t('share.page.historyFailed')}
      </p>
    ) : flags.timeMachine && meta.historyLength === 0 ? (
      <p className="share-note">{t('share.page.historyNone')}</p>
    ) : null;
  const action = openHere ? (
    <button type="button" className="button button-primary" disabled={copying} onClick={() => void edit()}>
      <Pencil aria-hidden="true" size={18} />
      {copying ? t('share.page.copying') : t('share.page.edit')}
    </button>
  ) : (
    <a className="button button-primary" href={`/${meta.id}`} target="_blank" rel="noopener">
      <ExternalLink aria-hidden="true" size={18} />
      {t('share.page.openInBlockyard')}
    </a>
  );
  return (
    <div className={`page share-page${embedded ? ' share-page-embedded' : ''}`}>
      <div className="share-page-head">
        {flags.hideProject ? (
          <h1 className="visually-hidden">{meta.name}</h1>
        ) : (
          <div>
            <h1>{meta.name}</h1>
            {embedded ? null : (
              <p>
                {meta.description ||
                  (flags.timeMachine ? t('share.page.timeMachineSubtitle') : t('share.page.subtitle'))}
              </p>
            )}
          </div>
        )}
        {action}
      </div>
      {problem ? (
        <p className="share-problem" role="alert">
          {problem}
        </p>
      ) : null}
      {timeMachine}
      <div className="share-page-body">
        <SimulatorPane simulator={simulator} getFiles={() => programFiles(files)} />
        <section className="share-code" aria-labelledby="share-code-title">
          <h2 id="share-code-title">{python ? t('share.page.codePython') : t('share.page.codeJavaScript')}</h2>
          <pre tabIndex={0}>
            <code>{code}</code>
          </pre>
        </section>
      </div>
      {embedded ? null : (
        <div className="share-page-foot">
          <ReportShare shareId={meta.id} />
        </div>
      )}
    </div>
  );
}
