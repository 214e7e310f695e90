// The editor page of one project: header (home, name, Blocks | JavaScript | Python, save status, History,
// Share, Settings, Help), the simulator on the left, blocks or code in the middle with the
// problems of the program under it, History on the right, and the bottom bar (Download, Import,
// undo/redo, zoom). The EditorSession holds the project's texts and runs them; this component
// only wires it to the screen. Below 991 px the simulator sits above the code (editor.css).
// The page flags (sandbox, widget, read-only, …) decide what is around the program
// (layout/editor-chrome.ts); a read-only editor keeps every change in the page.

import { browserEditorEnvironment } from './editor-environment.ts';
import type { BlockError, BlocksEditorHandle } from '@blockyard/blocks';
import { protocol as cloudProtocol } from '@blockyard/cloud';
import { TutorialInfoCache } from '@blockyard/core';
import { checkProjectName, type AutosaveController } from '@blockyard/projects';
import { serialClock } from '@blockyard/sim';
import { useNavigate } from '@tanstack/react-router';
import { Suspense, useCallback, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/services-context.tsx';
import { NO_BOARD } from '../device/board-link.ts';
import { pipeBoardSerial } from '../device/board-serial.ts';
import { BLUETOOTH_BOARD_SOURCE } from '../sim-host/serial-sources.ts';
import { BluetoothPairDialog } from '../device/BluetoothPairDialog.tsx';
import { FlashDialog } from '../device/FlashDialog.tsx';
import { useBoard } from '../device/use-board.ts';
import { homeActions } from '../home/home-actions.ts';
import { ImportDialog } from '../home/ImportDialog.tsx';
import { ImportController } from '../projects/import/import-controller.ts';
import { useAutosave, useFlushOnPageHide } from '../projects/autosave-hooks.ts';
import { SimulatorPane } from '../sim-host/SimulatorPane.tsx';
import { TutorialCard } from '../tutorials/TutorialCard.tsx';
import { loadProjectTutorial } from '../tutorials/tutorial-catalog.ts';
import { useTutorialToolbox } from '../tutorials/use-tutorial-toolbox.ts';
import {
  clampStep,
  readTutorialProgress,
  TUTORIAL_FILE,
  tutorialProgressText,
  type TutorialProgress,
} from '../tutorials/tutorial-progress.ts';
import { learnerError } from '../ui/learner-errors.ts';
import { preloadableLazy } from '../ui/preloadable-lazy.ts';
import { formatDateTime } from '../ui/relative-time.ts';
import { ToastRegion } from '../ui/ToastRegion.tsx';
import { ToastQueue } from '../ui/toasts.ts';
import { useNow } from '../ui/use-now.ts';
import { AutosaveIndicator } from './AutosaveIndicator.tsx';
import type { CodeEditorHandle } from './code/CodeEditor.tsx';
import type { CodeService } from './code/code-service.ts';
import type { DownloadFormat, ProjectDownload } from './files/download-project.ts';
import { downloadNoteLinks, downloadNoteText } from './files/download-note.ts';
import { FlashStepsDialog } from './files/FlashStepsDialog.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';
import { historyToShare } from '../share/share-history.ts';
import { ShareDialog } from '../share/ShareDialog.tsx';
import { CloudStatusIndicator } from '../cloud/CloudStatusIndicator.tsx';

import { ExtensionsController } from '../extensions/extensions-controller.ts';
import { ExtensionsDialog } from '../extensions/ExtensionsDialog.tsx';
import { GitHubDialog } from '../github/GitHubDialog.tsx';
import { BottomBar, type EditorCommands } from './layout/BottomBar.tsx';
import { EditorHeader } from './layout/EditorHeader.tsx';
import { ModeSwitch } from './layout/ModeSwitch.tsx';
import { NameField } from './layout/NameField.tsx';
import { ProblemsPanel, useProblemWords, useStoppedMessage } from './layout/ProblemsPanel.tsx';
import { SwitchDialog } from './layout/SwitchDialog.tsx';
import { editorChrome } from './layout/editor-chrome.ts';
import { readOnlyAutosave } from './session/read-only-autosave.ts';
import { SaveProblems } from './SaveProblems.tsx';
import { EditorSession } from './session/editor-session.ts';
import type { EditorSessionState, Problem } from './session/session-types.ts';
import { type EditorMode, programFiles, PYTHON_FILE } from './session/project-files.ts';
import { thumbnailSaver } from './thumbnail-saver.ts';
import { useEditorSimulator } from './use-editor-simulator.ts';
import { DebugPanel } from './debug/DebugPanel.tsx';
import { EditorDebugger } from './debug/editor-debugger.ts';
import { prefetchPythonTab, prefetchWhenIdle } from './code/prefetch-python-tab.ts';
import { startSwitchTiming, switchShown, switchStep } from './session/switch-timing.ts';
import './editor.css';

// Each editor loads with its side: a project open in blocks never loads CodeMirror, and the
// other way round. Once loaded, they render without suspending (ui/preloadable-lazy.ts).
const BlocksArea = preloadableLazy(() => import('./blocks/BlocksArea.tsx').then((m) => m.BlocksArea));
const SnippetBlocks = preloadableLazy(() => import('./blocks/SnippetBlocks.tsx').then((m) => m.SnippetBlocks));
const CodeArea = preloadableLazy(() => import('./code/CodeArea.tsx').then((m) => m.CodeArea));
// Most projects open in blocks: fetch the block editor with this chunk rather than after the
// project is read, so it is here (and renders at once) when the project is.
void BlocksArea.preload().catch(() => undefined);

const noSubscription = () => () => undefined;
const signedOutState = () => UNAVAILABLE_ACCOUNT;
const UNAVAILABLE_ACCOUNT = { status: 'unavailable' } as const;

const FONT_SIZES = [12, 14, 16, 18, 20, 24, 28, 32];
const DEFAULT_FONT = 2;

function useSessionState(session: EditorSession): EditorSessionState {
  return useSyncExternalStore(
    (listener) => session.subscribe(listener),
    () => session.getState(),
  );
}

export function ProjectEditor({ autosave }: { autosave: AutosaveController }) {
  const { t, i18n } = useTranslation();
  const services = useServices();
  // Kept across renders: the effects and callbacks that depend on it (the blocks' and code's
  // onReady among them) ran again on every render of the editor.
  const environment = useMemo(
    () => services.editor ?? browserEditorEnvironment(services.compiler),
    [services.editor, services.compiler],
  );
  const projects = services.projects;
  const navigate = useNavigate();
  const saveState = useAutosave(autosave);
  useFlushOnPageHide(autosave);
  const now = useNow(15_000);
  const theme = useSyncExternalStore(services.theme.subscribe, () => services.theme.current);
  const [toasts] = useState(() => new ToastQueue(services.clock));
  const [importer] = useState(() => new ImportController(projects.fileReader, services.clock));
  useEffect(() => () => importer.cancel(), [importer]);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  const [extensionsOpen, setExtensionsOpen] = useState(false);
  const [gitHubOpen, setGitHubOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [flashFile, setFlashFile] = useState<Pick<ProjectDownload, 'fileName' | 'size'> | null>(null);
  const usbBoard = useBoard(services.board?.link ?? NO_BOARD, 'usb');
  const bluetoothBoard = useBoard(services.board?.bluetooth ?? NO_BOARD, 'bluetooth');
  // Download goes over the cable when there is one, else over Bluetooth.
  const board = usbBoard.flashes || !bluetoothBoard.flashes ? usbBoard : bluetoothBoard;
  const [pairingBluetooth, setPairingBluetooth] = useState(false);
  const chrome = useMemo(() => editorChrome(services.flags), [services.flags]);
  const [fontIndex, setFontIndex] = useState(DEFAULT_FONT);
  // Tutorial mode: the progress lives in the project (tutorial.json), so a reload resumes there.
  const [tutorialProgress, setTutorialProgress] = useState(() => readTutorialProgress(autosave.getContent().files));
  const tutorialId = tutorialProgress?.id;
  const tutorial = useMemo(
    () => (tutorialId ? loadProjectTutorial(tutorialId, autosave.getContent().files) : undefined),
    [tutorialId, autosave],
  );
  const tutorialOpen = useMemo(
    () => (tutorial && tutorialId ? { id: tutorialId, parsed: tutorial } : undefined),
    [tutorial, tutorialId],
  );
  // The cache outlives the page: its entries are dated by the wall clock.
  const [tutorialInfoCache] = useState(() => new TutorialInfoCache(services.settingsStore, projects.clock));
  const snippetToBlocks = useCallback(
    async (code: string) => (await environment.compiler().service({ op: 'toBlocks', files: { 'main.ts': code } })).xml,
    [environment],
  );
  const toolboxFilter = useTutorialToolbox(
    tutorialOpen,
    tutorial ? clampStep(tutorialProgress?.step ?? 0, tutorial.steps.length) : 0,
    snippetToBlocks,
    tutorialInfoCache,
  );
  const saveTutorialProgress = (progress: TutorialProgress | null) => {
    setTutorialProgress(progress);
    if (progress) autosave.edit({ files: { [TUTORIAL_FILE]: tutorialProgressText(progress) } });
    else autosave.edit({ remove: [TUTORIAL_FILE] });
  };
  const historyId = useId();
  const restoreFailed = (error: unknown) => {
    if (error === undefined) {
      toasts.show(t('editor.restoreNotSaved'), { tone: 'error' });
      return;
    }
    const { words, detail } = learnerError(error, t);
    toasts.show(t('editor.restoreFailed', { reason: words }), { tone: 'error', detail });
  };
  // Undo after a restore brings back the version it replaced: one more new version, nothing lost.
  const undoRestore = (replaced: number) => {
    autosave
      .restoreVersion(replaced)
      .then((done) => (done ? toasts.show(t('editor.restoreUndone')) : restoreFailed(undefined)), restoreFailed);
  };
  const panelId = useId();
  const blocks = useRef<BlocksEditorHandle>(null);
  const code = useRef<CodeEditorHandle>(null);

  const simulator = useEditorSimulator(environment, {
    frameTitle: t('sim.frameTitle'),
    // The instance itself: react-i18next hands each render a copy frozen at that render's language.
    language: () => services.i18n.language,
    ...(chrome.readOnly ? {} : { onThumbnail: thumbnailSaver(projects.store, () => autosave) }),
    onDownload: (file) => services.downloads.save(file),
    flags: services.flags,
  });
  // What the micro:bit on the cable, or connected by Bluetooth, writes shows in the simulator's
  // console and chart.
  const boardLink = services.board?.link ?? NO_BOARD;
  const bluetoothLink = services.board?.bluetooth ?? NO_BOARD;
  // Stamped on the epoch clock the simulator's worker stamps its boards' lines with (serial-time.ts).
  useEffect(
    () => pipeBoardSerial(boardLink, simulator.controller.console, serialClock(services.clock, performance.timeOrigin)),
    [boardLink, simulator.controller, services.clock],
  );
  useEffect(
    () =>
      pipeBoardSerial(
        bluetoothLink,
        simulator.controller.console,
        serialClock(services.clock, performance.timeOrigin),
        BLUETOOTH_BOARD_SOURCE,
      ),
    [bluetoothLink, simulator.controller, services.clock],
  );
  // The simulator page shows its own labels in the learner's language: a new language gets new
  // frames (a running program starts again in them).
  const simLanguage = useRef(i18n.language);
  useEffect(() => {
    if (i18n.language === simLanguage.current) return;
    simLanguage.current = i18n.language;
    simulator.controller.reloadFrames();
  }, [i18n.language, simulator]);

  // The project's extensions (pxt.json dependencies): their code runs with the program, their
  // blocks join the toolbox once the worker has read them.
  const [sessionAutosave] = useState(() => (chrome.readOnly ? readOnlyAutosave(autosave) : autosave));
  const [extensions] = useState(
    () =>
      new ExtensionsController({
        autosave: sessionAutosave,
        compiler: environment.compiler(),
        host: services.extensions,
      }),
  );
  const [session] = useState(
    () =>
      new EditorSession({
        autosave: sessionAutosave,
        compiler: environment.compiler(),
        simulator: simulator.controller,
        clock: services.clock,
        extensionFiles: () => extensions.files(),
      }),
  );
  useEffect(() => {
    void session.prepare();
    const stopListening = extensions.onFilesChanged(() => session.extensionsChanged());
    void extensions.start();
    return () => {
      stopListening();
      session.dispose();
      extensions.dispose();
    };
  }, [session, extensions]);
  const extensionsState = useSyncExternalStore(
    (listener) => extensions.subscribe(listener),
    () => extensions.getState(),
  );
  // The compiler worker (TypeScript, about 1 MB) loads and warms on its own thread while the
  // blocks are drawn: started after them, it was most of the wait for the first run (bench
  // example-open).
  useEffect(() => environment.compiler().warm(), [environment]);
  // The first run waits until the blocks or the code are on screen: the simulator frame loads
  // after the editor is usable, not before.
  const onInteractive = useCallback(() => {
    performance.mark('blockyard:editor:interactive');
    switchShown();
    requestAnimationFrame(() =>
      setTimeout(() => {
        simulator.controller.preload();
        session.start();
        // The Python tab's code and the program's Python, ahead of a click (from the blocks as
        // the click will read them); again each time Blocks or JavaScript is shown, since after
        // a switch back the text differs from the one converted before (bench python-tab).
        prefetch.current?.();
        prefetch.current = undefined;
        if (session.getState().mode !== 'python')
          prefetch.current = prefetchWhenIdle(() =>
            prefetchPythonTab(
              () => CodeArea.preload(),
              async () => {
                const xml = session.getState().mode === 'blocks' ? await blocks.current?.settledXml() : undefined;
                return session.preparePython(xml);
              },
            ),
          );
      }, 0),
    );
  }, [session, simulator]);
  const prefetch = useRef<(() => void) | undefined>(undefined);
  useEffect(() => () => prefetch.current?.(), []);
  const state = useSessionState(session);
  const mode = state.mode;

  // The debugger: its breakpoints, and where a paused program is in the editor shown.
  const [debug] = useState(() => new EditorDebugger(simulator.controller, session));
  const debugState = useSyncExternalStore(
    (listener) => debug.subscribe(listener),
    () => debug.getState(),
  );
  const simView = useSyncExternalStore(
    (listener) => simulator.controller.subscribe(listener),
    () => simulator.controller.getState(),
  );
  const stop = simView.state === 'paused' ? simView.stop : undefined;
  // Slow motion lights up the statement held now, the same way as a stop.
  const trace = simView.state === 'running' && debugState.slowMotion !== 'off' ? simView.trace : undefined;
  const stopPlace = useMemo(() => {
    const at = stop ?? trace;
    return at ? debug.place(at) : null;
  }, [debug, stop, trace]);
  const currentBlock = stopPlace && 'blockId' in stopPlace ? stopPlace.blockId : null;
  const currentLine = stopPlace && 'line' in stopPlace ? stopPlace.line : null;
  const blocksDebug = useMemo(
    () => ({
      breakpoints: debugState.breakpoints.blocks,
      current: currentBlock,
      onToggle: (blockId: string) => debug.toggleBlock(blockId),
    }),
    [debug, debugState.breakpoints.blocks, currentBlock],
  );
  const codeLanguage = mode === 'python' ? 'python' : 'javascript';
  const codeDebug = useMemo(
    () => ({
      breakpoints: debugState.breakpoints[codeLanguage],
      current: currentLine,
      onBreakpoints: (lines: number[]) => debug.setLines(codeLanguage, lines),
    }),
    [debug, debugState.breakpoints, codeLanguage, currentLine],
  );

  // The project name, as typed (an invalid one is shown but not saved).
  const [name, setName] = useState({ version: saveState.contentVersion, value: autosave.getContent().name });
  const shownName = name.version === saveState.contentVersion ? name.value : autosave.getContent().name;

  const words = useProblemWords();
  const problems = state.problems;
  const blockErrors = useMemo<BlockError[]>(
    () =>
      problems
        .filter((p): p is Problem & { blockId: string } => p.blockId !== undefined)
        .map((p) => ({ blockId: p.blockId, message: words(p) })),
    [problems, words],
  );

  const blockName = useCallback((blockId: string) => blocks.current?.controller()?.blockLabel(blockId), []);
  const stoppedMessage = useStoppedMessage(problems, mode, blockName);
  const stopPlaceName = useCallback(
    (at: { readonly file?: string; readonly line?: number }) => {
      const place = debug.place(at);
      if (place && 'blockId' in place) {
        return t('editor.debug.atBlock', { block: blockName(place.blockId) ?? t('editor.debug.somewhere') });
      }
      return place ? t('editor.debug.atLine', { line: place.line }) : t('editor.debug.somewhere');
    },
    [debug, blockName, t],
  );

  const codeService = useMemo<CodeService>(
    () => ({
      compiler: environment.compiler(),
      files: () => ({ ...extensions.files(), ...programFiles(autosave.getContent().files) }),
      labels: {
        parameters: t('editor.docs.parameters'),
        returns: t('editor.docs.returns'),
        example: t('editor.docs.example'),
        forExample: t('editor.docs.forExample', { value: '{{value}}' }),
      },
    }),
    [environment, autosave, extensions, t],
  );

  const commands: EditorCommands =
    mode === 'blocks'
      ? {
          undo: () => blocks.current?.undo(),
          redo: () => blocks.current?.redo(),
          zoomIn: () => blocks.current?.zoomIn(),
          zoomOut: () => blocks.current?.zoomOut(),
          zoomReset: () => blocks.current?.zoomReset(),
        }
      : {
          undo: () => void code.current?.undo(),
          redo: () => void code.current?.redo(),
          zoomIn: () => setFontIndex((i) => Math.min(FONT_SIZES.length - 1, i + 1)),
          zoomOut: () => setFontIndex((i) => Math.max(0, i - 1)),
          zoomReset: () => setFontIndex(DEFAULT_FONT),
          format: () => {
            code.current?.format().catch(() => toasts.show(t('editor.formatFailed'), { tone: 'error' }));
          },
        };

  const actions = homeActions(
    projects,
    toasts,
    t,
    (id) => void navigate({ to: '/projects/$id', params: { id } }),
    importer,
  );

  /** Blocks | JavaScript | Python: the tab pressed. */
  const switchTab = async (to: EditorMode) => {
    startSwitchTiming();
    // The workspace as it is this instant, with any change Blockly has not reported yet.
    const xml = mode === 'blocks' ? await blocks.current?.settledXml() : undefined;
    switchStep('read-blocks');
    if (xml) session.editBlocks(xml);
    switchStep('save');
    await session.switchTo(to);
  };

  /** Saves the file; a .hex goes straight to a connected board instead, unless `target` is 'file'. */
  const download = async (format: DownloadFormat, target: 'board' | 'file' = 'board') => {
    if (downloading) return;
    setDownloading(true);
    // Going to a connected board: its dialog opens at once, on "Preparing your file…".
    const toBoard = format === 'hex' && target === 'board' && board.flashes ? board : null;
    toBoard?.prepare();
    try {
      // The blocks as they are this instant, and their code, go into the file.
      const xml = mode === 'blocks' ? blocks.current?.getXml() : undefined;
      if (xml) session.editBlocks(xml);
      await session.syncCode().catch(() => undefined);
      const { name: projectName, files } = autosave.getContent();
      const thumbnail =
        format === 'png'
          ? await projects.store.get(autosave.projectId).then(
              (p) => p.thumbnail,
              () => undefined,
            )
          : undefined;
      const file = await environment.buildDownload(
        { name: projectName, files, thumbnail },
        format,
        services.clock,
        window.location.origin,
        // The program for the board, built in the compiler worker; the firmware loads once, and
        // its notice goes as soon as the build ends.
        (request) =>
          toasts.during(t('editor.deviceDownload.firmware'), (announce) =>
            environment.compiler().device(request, announce),
          ),
      );
      // Why a .hex holds the project but no program, in plain words (the file is saved anyway),
      // with a link to each place that uses what the board cannot run yet (in what is edited now).
      const note = file.note ? downloadNoteText(file.note, t) : undefined;
      const edited = mode === 'python' ? PYTHON_FILE : 'main.ts';
      const links = (file.note ? downloadNoteLinks(file.note, t, (place) => session.locate(place), blockName) : [])
        .filter((link) => (mode === 'blocks' ? link.target.blockId !== undefined : link.target.file === edited))
        .map((link) => ({ label: link.label, run: () => showPlace(link.target) }));
      if (toBoard) {
        await toBoard.flash(file.bytes, (result) => {
          const done = !file.runnable ? 'storedOnly' : result.unchanged ? 'unchanged' : result.mode;
          toasts.show(note ? `${t(`board.done.${done}`)} ${note}` : t(`board.done.${done}`), { links });
        });
        return;
      }
      services.downloads.save({ fileName: file.fileName, data: file.bytes, mimeType: file.mimeType });
      if (file.runnable) setFlashFile({ fileName: file.fileName, size: file.size });
      else if (note) {
        toasts.show(`${note} ${t('editor.deviceDownload.sourceSaved', { file: file.fileName })}`, { links });
      } else toasts.show(t(`editor.downloaded.${file.format}`, { file: file.fileName }));
    } catch (error) {
      // The file could not be made: the board's dialog (opened on "Preparing…") gives way to the toast.
      toBoard?.closeView();
      const { words, detail } = learnerError(error, t);
      toasts.show(t('editor.downloadFailed', { reason: words }), { tone: 'error', detail });
    } finally {
      setDownloading(false);
    }
  };

  /** The project as it is this instant, with its picture, for the Share dialog. */
  const shareSnapshot = async ({ history }: { history: boolean }) => {
    const xml = mode === 'blocks' ? blocks.current?.getXml() : undefined;
    if (xml) session.editBlocks(xml);
    await session.syncCode().catch(() => undefined);
    const { name: projectName, files } = autosave.getContent();
    const thumbnail = await projects.store.get(autosave.projectId).then(
      (p) => p.thumbnail,
      () => undefined,
    );
    // A picture the server would refuse is left out rather than failing the share.
    const picture =
      thumbnail?.startsWith('data:image/png;base64,') &&
      thumbnail.length <= cloudProtocol.DEFAULT_LIMITS.maxThumbnailCharacters
        ? { thumbnail }
        : {};
    const earlier = history ? { history: await historyToShare(projects.store, autosave.projectId, files) } : {};
    return { name: projectName, files: { ...files }, ...picture, ...earlier };
  };
  const account = useSyncExternalStore(
    services.account?.subscribe ?? noSubscription,
    services.account?.getState ?? signedOutState,
  );

  const keepMine = () => {
    const copyName = t('editor.myCopyName', { name: autosave.getContent().name });
    autosave.keepMineAsCopy(copyName).then(
      (copy) => {
        toasts.show(t('editor.copyMade', { name: copy.name }));
        void navigate({ to: '/projects/$id', params: { id: copy.id } });
      },
      (error: unknown) => {
        const { words, detail } = learnerError(error, t);
        toasts.show(words, { tone: 'error', detail });
      },
    );
  };

  /** Takes the learner to a block (blocks) or a line (code): a problem, a Download note's place. */
  const showPlace = (place: { line?: number | undefined; blockId?: string | undefined }) => {
    if (mode !== 'blocks' && place.line !== undefined) code.current?.revealLine(place.line);
    if (mode === 'blocks' && place.blockId !== undefined) {
      const controller = blocks.current?.controller();
      const workspace = controller?.workspace;
      // `blockById`: a block of a stack far from the view is built first.
      const block = controller?.blockById(place.blockId);
      if (!workspace || !block) return;
      workspace.centerOnBlock(block.id);
      block.select();
    }
  };
  const showProblem = (problem: Problem) => showPlace(problem);

  // A block edit still settling when the page goes away is saved too (after the autosave's own
  // stash, which registered first: stash again with it).
  useEffect(() => {
    const flushBlocks = () => {
      const xml = session.getState().mode === 'blocks' ? blocks.current?.getXml() : undefined;
      if (xml === undefined || xml === session.getState().xml) return;
      session.editBlocks(xml);
      void autosave.flush({ pageHide: true });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flushBlocks();
    };
    window.addEventListener('pagehide', flushBlocks);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flushBlocks);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [session, autosave]);

  const switching = state.switching;
  const notice = state.notice;

  return (
    <div className={`editor-layout editor-layout-${chrome.layout}`} data-mode={mode} data-layout={chrome.layout}>
      {chrome.header ? (
        <EditorHeader
          chrome={chrome}
          projectId={autosave.projectId}
          name={
            chrome.name === 'edit' ? (
              <NameField
                key={saveState.contentVersion}
                value={shownName}
                onChange={(value) => {
                  setName({ version: saveState.contentVersion, value });
                  if (checkProjectName(value) === null) autosave.edit({ name: value });
                }}
                onRevert={() => setName({ version: saveState.contentVersion, value: autosave.getContent().name })}
              />
            ) : chrome.name === 'show' ? (
              <p className="editor-name-text">{shownName}</p>
            ) : null
          }
          modeSwitch={
            <ModeSwitch
              mode={mode}
              panelId={panelId}
              busy={switching?.phase === 'converting'}
              onSwitch={(to) => void switchTab(to)}
            />
          }
          status={
            <>
              <AutosaveIndicator state={saveState} now={now} />
              {services.cloudProjects ? (
                <CloudStatusIndicator sync={services.cloudProjects} projectId={autosave.projectId} resolvable />
              ) : null}
            </>
          }
          historyOpen={historyOpen}
          historyId={historyId}
          onToggleHistory={() => setHistoryOpen((open) => !open)}
          onShare={services.shares && !chrome.readOnly ? () => setShareOpen(true) : undefined}
          onExtensions={chrome.readOnly ? undefined : () => setExtensionsOpen(true)}
          onGitHub={services.github && !chrome.readOnly ? () => setGitHubOpen(true) : undefined}
        />
      ) : null}
      <main id="main" className="editor-main" tabIndex={-1}>
        <h1 className="visually-hidden">{chrome.name === 'hide' ? t('editor.mode.label') : shownName}</h1>
        <SaveProblems
          autosave={autosave}
          state={saveState}
          onKeepMine={keepMine}
          onRestoreFromTrash={() => void projects.store.restore(autosave.projectId)}
        />
        {notice ? (
          <div className="editor-notice" role="alert">
            <p>
              {t(`editor.notice.${notice}`)}
              {state.noticeReason
                ? ` ${t('editor.notice.reason', { line: state.noticeReason.line, message: state.noticeReason.message })}`
                : null}
            </p>
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => session.dismissNotice()}
            >
              {t('common.dismiss')}
            </button>
          </div>
        ) : null}
        {tutorial && tutorialProgress ? (
          <TutorialCard
            tutorial={tutorial}
            progress={tutorialProgress}
            onProgress={saveTutorialProgress}
            onExit={() => saveTutorialProgress(null)}
            {...(mode === 'blocks'
              ? {
                  renderSnippet: (code: string) => (
                    <Suspense fallback={<pre>{code}</pre>}>
                      <SnippetBlocks code={code} toBlocks={snippetToBlocks} highContrast={theme === 'high-contrast'} />
                    </Suspense>
                  ),
                }
              : {})}
          />
        ) : null}
        <div className={`editor-body${historyOpen && chrome.history ? ' editor-body-with-history' : ''}`}>
          <div className="editor-sim">
            <SimulatorPane
              simulator={simulator}
              getFiles={() => ({ ...extensions.files(), ...programFiles(autosave.getContent().files) })}
              showProblems={false}
              notices={Object.entries(extensionsState.boardOnly).map(([name, functions]) =>
                t('extensions.boardOnlyInSimulator', { name, names: functions.join(', '), count: functions.length }),
              )}
              {...(stoppedMessage !== undefined ? { stoppedMessage } : {})}
              serialBoard={
                services.board
                  ? {
                      state: usbBoard.state.state,
                      flashing: usbBoard.state.flashing,
                      send: (text) => boardLink.writeSerial(text),
                    }
                  : null
              }
              serialBluetooth={
                services.board?.bluetooth
                  ? {
                      state: bluetoothBoard.state.state,
                      flashing: bluetoothBoard.state.flashing,
                      send: (text) => bluetoothLink.writeSerial(text),
                      ...(bluetoothLink.maxSerialBytes !== undefined ? { maxBytes: bluetoothLink.maxSerialBytes } : {}),
                    }
                  : null
              }
            />
            {chrome.readOnly ? null : (
              <DebugPanel
                debugger={debug}
                controller={simulator.controller}
                placeName={stopPlaceName}
                hasBreakpoints={
                  mode === 'blocks'
                    ? debugState.breakpoints.blocks.length > 0
                    : debugState.breakpoints[codeLanguage].length > 0
                }
              />
            )}
          </div>
          <section
            id={panelId}
            className="editor-workspace"
            role="tabpanel"
            aria-label={t(`editor.mode.${mode}`)}
            aria-busy={state.status === 'opening' || switching?.phase === 'converting'}
          >
            {state.status === 'opening' ? (
              <p className="editor-loading" role="status">
                {t('editor.preparing')}
              </p>
            ) : (
              <Suspense
                fallback={
                  <p className="editor-loading" role="status">
                    {t('editor.preparing')}
                  </p>
                }
              >
                {mode === 'blocks' ? (
                  <BlocksArea
                    ref={blocks}
                    xml={state.xml}
                    onChange={(xml) => session.editBlocks(xml)}
                    onPrimed={(xml) => session.readBlocksAhead(xml)}
                    errors={blockErrors}
                    highContrast={theme === 'high-contrast'}
                    readOnly={chrome.readOnly}
                    onReady={onInteractive}
                    {...(toolboxFilter ? { toolboxFilter } : {})}
                    {...(extensionsState.metadata ? { extensionMetadata: extensionsState.metadata } : {})}
                    {...(chrome.readOnly ? {} : { debug: blocksDebug })}
                  />
                ) : (
                  <CodeArea
                    // A new editor for each language (its highlighting and helpers are made once).
                    key={mode}
                    ref={code}
                    code={mode === 'python' ? state.python : state.code}
                    language={mode === 'python' ? 'python' : 'typescript'}
                    documentVersion={state.documentVersion}
                    onChange={(text) => (mode === 'python' ? session.editPython(text) : session.editCode(text))}
                    problems={state.problems}
                    service={codeService}
                    fontSize={FONT_SIZES[fontIndex] ?? 16}
                    readOnly={chrome.readOnly}
                    onReady={onInteractive}
                    {...(chrome.readOnly ? {} : { debug: codeDebug })}
                  />
                )}
              </Suspense>
            )}
            {switching?.phase === 'converting' ? (
              <p className="editor-switching" role="status">
                {t('editor.switching', { mode: t(`editor.mode.${switching.to}`) })}
              </p>
            ) : null}
            <ProblemsPanel problems={state.problems} mode={mode} onShow={showProblem} blockName={blockName} />
          </section>
          <div id={historyId} className="editor-history" hidden={!historyOpen || !chrome.history}>
            {historyOpen && chrome.history ? (
              <HistoryPanel
                autosave={autosave}
                revision={saveState.revision}
                mode={mode}
                highContrast={theme === 'high-contrast'}
                onRestored={(version, replaced) =>
                  toasts.show(t('editor.restoredVersion', { time: formatDateTime(version.savedAt, i18n.language) }), {
                    action: { label: t('editor.undoRestore'), run: () => undoRestore(replaced) },
                  })
                }
                onFailed={restoreFailed}
              />
            ) : null}
          </div>
        </div>
      </main>
      <BottomBar
        mode={mode}
        tools={chrome}
        downloading={downloading}
        onDownload={(format) => void download(format)}
        board={services.board ? usbBoard : null}
        bluetooth={services.board?.bluetooth ? bluetoothBoard : null}
        onBluetooth={() => setPairingBluetooth(true)}
        onImport={(file) => void actions.importFile(file)}
        commands={commands}
      />
      {switching?.phase === 'confirm' ? (
        <SwitchDialog
          greyLines={switching.greyLines}
          onContinue={() => session.confirmSwitch()}
          onStay={() => session.cancelSwitch()}
          from={mode === 'python' ? 'python' : 'javascript'}
        />
      ) : null}
      {services.shares && shareOpen ? (
        <ShareDialog
          open
          onClose={() => setShareOpen(false)}
          shares={services.shares}
          projectId={autosave.projectId}
          projectName={shownName}
          snapshot={shareSnapshot}
          signedIn={account.status === 'signed-in'}
        />
      ) : null}
      {extensionsOpen ? (
        <ExtensionsDialog
          open
          onClose={() => setExtensionsOpen(false)}
          controller={extensions}
          projectFiles={() => autosave.getContent().files}
        />
      ) : null}
      {services.github && gitHubOpen ? (
        <GitHubDialog
          open
          onClose={() => setGitHubOpen(false)}
          workflow={services.github}
          projectId={autosave.projectId}
          projectName={shownName}
          files={() => {
            // The workspace exactly as it is this instant (a move may still be settling).
            const xml = mode === 'blocks' ? blocks.current?.getXml() : undefined;
            if (xml && xml !== session.getState().xml) session.editBlocks(xml);
            return autosave.getContent().files;
          }}
          onPulled={(files, removed) => autosave.replaceFiles({ files, remove: removed })}
        />
      ) : null}
      <ImportDialog importer={importer} />
      <FlashStepsDialog
        fileName={flashFile?.fileName ?? null}
        size={flashFile?.size}
        onClose={() => setFlashFile(null)}
      />
      <FlashDialog board={usbBoard} onSaveFile={() => void download('hex', 'file')} />
      <FlashDialog board={bluetoothBoard} onSaveFile={() => void download('hex', 'file')} />
      <BluetoothPairDialog
        open={pairingBluetooth}
        bluetooth={bluetoothBoard}
        onClose={() => setPairingBluetooth(false)}
      />
      <ToastRegion queue={toasts} />
    </div>
  );
}
