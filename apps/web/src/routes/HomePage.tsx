import type { RecoveryBundle } from '@blockyard/projects';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, BookOpen, FolderGit2, FolderOpen, Plus, Trash2 } from 'lucide-react';
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gallery } from '../examples/example-files.ts';
import type { ExampleCard } from '../examples/gallery.ts';
import { ExamplesGallery } from '../home/ExamplesGallery.tsx';
import { TutorialCards } from '../home/TutorialCards.tsx';
import { tutorialCards } from '../tutorials/tutorial-catalog.ts';
import { homeActions } from '../home/home-actions.ts';
import { ImportDialog } from '../home/ImportDialog.tsx';
import { ImportController } from '../projects/import/import-controller.ts';
import { DropZone, ImportButton } from '../home/ImportControls.tsx';
import { NewProjectDialog } from '../home/NewProjectDialog.tsx';
import { OpenFromRepositoryDialog } from '../home/OpenFromRepositoryDialog.tsx';
import { ProjectCard } from '../home/ProjectCard.tsx';
import { StorageBanner } from '../home/StorageBanner.tsx';
import { TrashList } from '../home/TrashList.tsx';
import { fetchEditorCode, prepareEditor } from '../home/prepare-editor.ts';
import { prefetchEditorFiles } from '../home/prefetch-editor-files.ts';
import { fetchEditorWhenIdle, fetchEditorWhileNaming, warmEditorWhenIdle } from '../home/fetch-editor-when-idle.ts';
import { useServices } from '../app/services-context.tsx';
import { recoveryBundleFile } from '../projects/download.ts';
import { useLibrary, useProjectServices, useStorageHealth } from '../projects/project-hooks.ts';
import { ToastRegion } from '../ui/ToastRegion.tsx';
import { ToastQueue } from '../ui/toasts.ts';
import { useNow } from '../ui/use-now.ts';
import './home-page.css';

export function HomePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const services = useProjectServices();
  const { downloads, editor, cloudProjects, extensions } = useServices();
  const ownEditor = editor === undefined;
  const downloadRecoveryBundle = (bundle: RecoveryBundle) => downloads.save(recoveryBundleFile(bundle));
  const library = useLibrary();
  const health = useStorageHealth();
  const now = useNow();
  const [toasts] = useState(() => new ToastQueue(services.clock));
  const [creating, setCreating] = useState(false);
  const [fromRepository, setFromRepository] = useState(false);
  const [view, setView] = useState<'projects' | 'trash'>('projects');
  const [importer] = useState(() => new ImportController(services.fileReader, services.clock));
  useEffect(() => () => importer.cancel(), [importer]);
  // Projects made on another device show up when the list opens, not only at the next poll.
  useEffect(() => cloudProjects?.refresh(), [cloudProjects]);
  // Its files first, once the page has drawn, only into the HTTP cache (nothing runs).
  useEffect(() => {
    if (ownEditor) prefetchEditorFiles();
  }, [ownEditor]);
  // The editor's code arrives in the background, so New project does not wait for it.
  useEffect(() => (ownEditor ? fetchEditorWhenIdle() : undefined), [ownEditor]);
  // Then the block editor is drawn once off screen, so the first real one starts warm; not while
  // a dialog is open (a learner typing there).
  const dialogOpen = creating || fromRepository;
  useEffect(
    () => (ownEditor && !dialogOpen ? warmEditorWhenIdle(i18n.language) : undefined),
    [ownEditor, dialogOpen, i18n.language],
  );
  // A quick learner presses New project before that: the code then loads while they name it.
  useEffect(() => (ownEditor && creating ? fetchEditorWhileNaming() : undefined), [ownEditor, creating]);
  const actions = useMemo(
    () =>
      homeActions(
        services,
        toasts,
        t,
        (id, fresh) => {
          // The compiler loads while the editor's code does (bench example-open). Not for a new
          // project: its empty program can wait, and on a small machine the compiler's start
          // competed with drawing the first blocks (bench first-minute); the editor starts it
          // once they are on screen.
          if (ownEditor && fresh) void fetchEditorCode();
          else if (ownEditor) prepareEditor();
          void navigate({ to: '/projects/$id', params: { id } });
        },
        importer,
      ),
    [services, toasts, t, navigate, ownEditor, importer],
  );
  // Steady, so the memoized gallery is not drawn again when a dialog opens.
  const openExample = useCallback(
    (card: ExampleCard) => {
      // Before the example is read and stored, not after (bench example-open).
      if (ownEditor) prepareEditor();
      void actions.openExample(card);
    },
    [ownEditor, actions],
  );
  const downloadAll = () =>
    void services.store
      .exportAll()
      .then(downloadRecoveryBundle, () => toasts.show(t('errors.generic'), { tone: 'error' }));

  return (
    <div className="page home-page">
      <StorageBanner
        health={health}
        damaged={library.damaged}
        onDownloadAll={downloadAll}
        onDownloadRecovery={downloadRecoveryBundle}
        onDismissRecovery={() => services.health.setRecovery(null)}
      />
      <section className="home-hero" aria-labelledby="home-title">
        <div>
          <h1 id="home-title">{t('home.title')}</h1>
          <p className="home-intro">{t('home.intro')}</p>
          <div className="home-hero-actions">
            <button
              type="button"
              className="button button-primary home-new"
              // Nothing prepared on the press itself: the editor's code and the compiler held the
              // dialog back by up to a second on a busy 2-core machine (bench first-minute); the
              // code loads once the dialog is drawn (fetchEditorWhileNaming).
              onClick={() => setCreating(true)}
            >
              <Plus aria-hidden="true" size={22} />
              {t('home.newProject')}
            </button>
            <ImportButton onFile={(file) => void actions.importFile(file)} />
            {extensions ? (
              <button type="button" className="button button-secondary" onClick={() => setFromRepository(true)}>
                <FolderGit2 aria-hidden="true" size={22} />
                {t('repositoryImport.button')}
              </button>
            ) : null}
          </div>
        </div>
        <HeroArt />
      </section>

      <DropZone onFile={(file) => void actions.importFile(file)}>
        <section className="home-section" aria-labelledby="home-projects">
          <div className="home-section-head">
            <h2 id="home-projects">
              {view === 'trash' ? (
                <>
                  <Trash2 aria-hidden="true" size={26} /> {t('trash.title')}
                </>
              ) : (
                <>
                  <FolderOpen aria-hidden="true" size={26} /> {t('home.myProjects')}
                </>
              )}
            </h2>
            {view === 'projects' ? (
              <button type="button" className="button button-secondary" onClick={() => setView('trash')}>
                <Trash2 aria-hidden="true" size={18} />
                {t('home.trash', { count: library.trash.length })}
              </button>
            ) : (
              <button type="button" className="button button-secondary" onClick={() => setView('projects')}>
                <ArrowLeft className="icon-mirror" aria-hidden="true" size={18} />
                {t('home.backToProjects')}
              </button>
            )}
          </div>
          {view === 'trash' ? (
            <TrashList
              projects={library.trash}
              now={now}
              onRestore={(project) => void actions.restore(project)}
              onPurge={(project) => actions.purge(project)}
            />
          ) : library.status === 'loading' ? (
            <p role="status">{t('home.loadingProjects')}</p>
          ) : library.status === 'error' ? (
            <p role="alert">{t('home.listFailed')}</p>
          ) : library.projects.length === 0 ? (
            <p className="home-empty">{t('home.noProjects')}</p>
          ) : (
            <ul className="card-grid" aria-label={t('home.myProjects')}>
              {library.projects.map((project) => (
                <ProjectCard
                  key={project.id}
                  project={project}
                  now={now}
                  onRename={(name) => actions.rename(project, name)}
                  onDuplicate={() => void actions.duplicate(project)}
                  onDelete={() => void actions.trash(project)}
                  {...(cloudProjects ? { cloud: cloudProjects } : {})}
                />
              ))}
            </ul>
          )}
          <p className="drop-hint">{t('home.importHint')}</p>
        </section>
      </DropZone>

      <TutorialCards cards={tutorialCards()} />

      <ExamplesGallery sections={gallery} onOpen={openExample} />

      <section className="card home-learn" aria-labelledby="home-learn">
        <h2 id="home-learn">
          <BookOpen aria-hidden="true" size={26} /> {t('home.learnTitle')}
        </h2>
        <p>{t('home.learnText')}</p>
        <Link to="/docs/$" params={{ _splat: '' }} className="button button-secondary">
          {t('home.openDocs')}
        </Link>
      </section>

      <NewProjectDialog
        open={creating}
        takenNames={library.projects.map((p) => p.name).concat(library.trash.map((p) => p.name))}
        onClose={() => setCreating(false)}
        onCreate={async (name) => {
          await actions.create(name);
          setCreating(false);
        }}
      />
      <ImportDialog importer={importer} />
      {fromRepository ? (
        <OpenFromRepositoryDialog
          open
          host={extensions}
          onClose={() => setFromRepository(false)}
          onOpen={(project) => actions.openRepositoryProject(project)}
        />
      ) : null}
      <ToastRegion queue={toasts} />
    </div>
  );
}

/** A friendly picture of a board showing a heart; decorative. */
const HeroArt = memo(function HeroArt() {
  const heart = ['01010', '11111', '11111', '01110', '00100'];
  return (
    <svg className="home-hero-art" viewBox="0 0 220 180" aria-hidden="true" focusable="false">
      <rect x="10" y="10" width="200" height="160" rx="24" fill="var(--color-header-bg)" />
      <rect x="30" y="30" width="160" height="120" rx="16" fill="#1d2433" />
      {heart.flatMap((row, y) =>
        [...row].map((cell, x) => (
          <rect
            key={`${x}-${y}`}
            x={62 + x * 20}
            y={42 + y * 20}
            width="14"
            height="14"
            rx="3"
            fill={cell === '1' ? '#ff6b6b' : '#39425a'}
          />
        )),
      )}
    </svg>
  );
});
