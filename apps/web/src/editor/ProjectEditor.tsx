// The editor page of one project: header (home, name, Blocks | JavaScript | Python, save status, History,
// Share, Settings, Help), the simulator on the left, blocks or code in the middle with the
// problems of the program under it, History on the right, and the bottom bar (Download, Import,
// undo/redo, zoom). The EditorSession holds the project's texts and runs them; this component
// only wires it to the screen. Below 991 px the simulator sits above the code (editor.css).
// The page flags (sandbox, widget, read-only, …) decide what is around the program
// (layout/editor-chrome.ts); a read-only editor keeps every change in the page.

import type { BlockError, BlocksEditorHandle } from '@blockyard/blocks';
import { checkProjectName, type AutosaveController } from '@blockyard/projects';
import { useNavigate } from '@tanstack/react-router';
import { Suspense, useCallback, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/services-context.tsx';
import { CloudStatusIndicator } from '../cloud/CloudStatusIndicator.tsx';
import { BluetoothPairDialog } from '../device/BluetoothPairDialog.tsx';
import { FlashDialog } from '../device/FlashDialog.tsx';
import { ExtensionsDialog } from '../extensions/ExtensionsDialog.tsx';
import { GitHubDialog } from '../github/GitHubDialog.tsx';
import { homeActions } from '../home/home-actions.ts';
import { ImportDialog } from '../home/ImportDialog.tsx';
import { useAutosave, useFlushOnPageHide } from '../projects/autosave-hooks.ts';
import { ImportController } from '../projects/import/import-controller.ts';
import { ShareDialog } from '../share/ShareDialog.tsx';
import { SimulatorPane } from '../sim-host/SimulatorPane.tsx';
import { TutorialCard } from '../tutorials/TutorialCard.tsx';
import { learnerError } from '../ui/learner-errors.ts';
import { preloadableLazy } from '../ui/preloadable-lazy.ts';
import { formatDateTime } from '../ui/relative-time.ts';
import { ToastRegion } from '../ui/ToastRegion.tsx';
import { ToastQueue } from '../ui/toasts.ts';
import { useNow } from '../ui/use-now.ts';
import { AutosaveIndicator } from './AutosaveIndicator.tsx';
import type { CodeEditorHandle } from './code/CodeEditor.tsx';
import type { CodeService } from './code/code-service.ts';
import { DebugPanel } from './debug/DebugPanel.tsx';
import { useEditorDebug } from './debug/use-editor-debug.ts';
import { browserEditorEnvironment } from './editor-environment.ts';
import { FlashStepsDialog } from './files/FlashStepsDialog.tsx';
import { shareSnapshot } from './files/share-snapshot.ts';
import { useProjectDownload } from './files/use-project-download.ts';
import { HistoryPanel } from './HistoryPanel.tsx';
import { BottomBar, type EditorCommands } from './layout/BottomBar.tsx';
import { EditorHeader } from './layout/EditorHeader.tsx';
import { editorChrome } from './layout/editor-chrome.ts';
import { ModeSwitch } from './layout/ModeSwitch.tsx';
import { NameField } from './layout/NameField.tsx';
import { ProblemsPanel, useProblemWords, useStoppedMessage } from './layout/ProblemsPanel.tsx';
import { SwitchDialog } from './layout/SwitchDialog.tsx';
import { SaveProblems } from './SaveProblems.tsx';
import { type EditorMode, openingMode, programFiles } from './session/project-files.ts';
import type { Problem } from './session/session-types.ts';
import { startSwitchTiming, switchStep } from './session/switch-timing.ts';
import { useEditorSession } from './session/use-editor-session.ts';
import { useFlushBlocksOnHide } from './session/use-flush-blocks-on-hide.ts';
import { thumbnailSaver } from './thumbnail-saver.ts';
import { useCodeFontSize } from './use-code-font-size.ts';
import { useEditorBoards } from './use-editor-boards.ts';
import { useEditorSimulator } from './use-editor-simulator.ts';
import { useEditorStart } from './use-editor-start.ts';
import { usePythonAhead } from './use-python-ahead.ts';
import { useEditorTutorial } from './use-editor-tutorial.ts';
import { useVersionRestore } from './use-version-restore.ts';
import './editor.css';

// Each editor loads with its side: a project open in blocks never loads CodeMirror, and the
// other way round. Once loaded, they render without suspending (ui/preloadable-lazy.ts).
const BlocksArea = preloadableLazy(() => import('./blocks/BlocksArea.tsx').then((m) => m.BlocksArea));
const SnippetBlocks = preloadableLazy(() => import('./blocks/SnippetBlocks.tsx').then((m) => m.SnippetBlocks));
const CodeArea = preloadableLazy(() => import('./code/CodeArea.tsx').then((m) => m.CodeArea));
// Most projects open in blocks: fetch the block editor with this chunk rather than after the
// project is read, so it is here (and renders at once) when the project is.
void BlocksArea.preload().catch(() => undefined);
const preloadCodeArea = () => CodeArea.preload();

/**
 * Whether a project with these files can open now without its block area suspending: the page
 * keeps showing "Loading" until the block area's code is here. Suspending would commit the
 * "preparing" fallback, and React then holds the blocks back for up to 300 ms after it (its
 * fallback throttle): seen on the hurried learner's path once the project no longer had to be
 * read back from storage (bench first-minute). Projects that open in code do not wait.
 */
export function useEditorCodeReady(files: Readonly<Record<string, string>> | null): boolean {
  const waits = files !== null && openingMode(files) === 'blocks';
  const [ready, setReady] = useState(() => BlocksArea.loaded());
  useEffect(() => {
    if (!waits || ready) return undefined;
    let live = true;
    // A failed load shows its error in the editor's own Suspense, as before.
    const done = () => live && setReady(true);
    void BlocksArea.preload().then(done, done);
    return () => {
      live = false;
    };
  }, [waits, ready]);
  return !waits || ready;
}

const noSubscription = () => () => undefined;
const signedOutState = () => UNAVAILABLE_ACCOUNT;
const UNAVAILABLE_ACCOUNT = { status: 'unavailable' } as const;

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
  const [pairingBluetooth, setPairingBluetooth] = useState(false);
  const chrome = useMemo(() => editorChrome(services.flags), [services.flags]);
  const fontSize = useCodeFontSize();
  const tutorial = useEditorTutorial(autosave, environment);
  const historyId = useId();
  const { restoreFailed, undoRestore } = useVersionRestore(autosave, toasts);
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
  const boards = useEditorBoards(simulator);
  // The simulator page shows its own labels in the learner's language: a new language gets new
  // frames (a running program starts again in them).
  const simLanguage = useRef(i18n.language);
  useEffect(() => {
    if (i18n.language === simLanguage.current) return;
    simLanguage.current = i18n.language;
    simulator.controller.reloadFrames();
  }, [i18n.language, simulator]);

  const { session, state, extensions, extensionsState } = useEditorSession(
    autosave,
    environment,
    simulator,
    chrome.readOnly,
  );
  // The Python a press on the Python tab would show, made ahead at idle: the Python editor is
  // made on it, hidden, so that the press only shows it (the first CodeMirror editor of 1,000+
  // lines was most of the first switch). `version` tells the editor a new text came.
  // (Handed over at idle, never in the way of a press: use-python-ahead.ts.)
  const [pythonAhead, onPythonAhead, dropPythonAhead] = usePythonAhead();
  const { onInteractive, onBlocksPrimed } = useEditorStart(session, simulator, blocks, preloadCodeArea, onPythonAhead);
  const mode = state.mode;
  // Once made, the Python editor stays too (hidden behind the other tabs), with its undo.
  const [pythonKept, setPythonKept] = useState(mode === 'python');
  if (mode === 'python' && !pythonKept) setPythonKept(true);
  // Shown, it holds main.py; what was made ahead is then spent.
  if (mode === 'python' && pythonAhead) dropPythonAhead();
  // Once shown, the block editor stays on the page behind the Python or JavaScript tab (hidden),
  // so that coming back shows the same workspace at once: nothing to parse or draw again when the
  // program did not change, and its undo, selection and view as the learner left them.
  const [blocksKept, setBlocksKept] = useState(mode === 'blocks');
  if (mode === 'blocks' && !blocksKept) setBlocksKept(true);
  // The workspace exactly as it is this instant (a move may still be settling), when blocks are shown.
  const readBlocks = useCallback(
    () => (session.getState().mode === 'blocks' ? blocks.current?.getXml() : undefined),
    [session],
  );
  useFlushBlocksOnHide(session, autosave, readBlocks);

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
  const debug = useEditorDebug(simulator, session, mode, blockName);

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
          zoomIn: fontSize.bigger,
          zoomOut: fontSize.smaller,
          zoomReset: fontSize.reset,
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

  const { download, downloading, flashFile, closeFlashSteps } = useProjectDownload({
    environment,
    session,
    autosave,
    toasts,
    mode,
    board: boards.downloadTo,
    readBlocks,
    blockName,
    showPlace,
  });
  const snapshot = (options: { history: boolean }) =>
    shareSnapshot({ session, autosave, readBlocks }, projects, options);
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

  const switching = state.switching;
  const notice = state.notice;
  const preparing = (
    <p className="editor-loading" role="status">
      {t('editor.preparing')}
    </p>
  );

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
        {tutorial.tutorial && tutorial.progress ? (
          <TutorialCard
            tutorial={tutorial.tutorial}
            progress={tutorial.progress}
            onProgress={tutorial.saveProgress}
            onExit={() => tutorial.saveProgress(null)}
            {...(mode === 'blocks'
              ? {
                  renderSnippet: (code: string) => (
                    <Suspense fallback={<pre>{code}</pre>}>
                      <SnippetBlocks
                        code={code}
                        toBlocks={tutorial.snippetToBlocks}
                        highContrast={theme === 'high-contrast'}
                      />
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
                      state: boards.usb.state.state,
                      flashing: boards.usb.state.flashing,
                      send: (text) => boards.usbLink.writeSerial(text),
                    }
                  : null
              }
              serialBluetooth={
                services.board?.bluetooth
                  ? {
                      state: boards.bluetooth.state.state,
                      flashing: boards.bluetooth.state.flashing,
                      send: (text) => boards.bluetoothLink.writeSerial(text),
                      ...(boards.bluetoothLink.maxSerialBytes !== undefined
                        ? { maxBytes: boards.bluetoothLink.maxSerialBytes }
                        : {}),
                    }
                  : null
              }
            />
            {chrome.readOnly ? null : (
              <DebugPanel
                debugger={debug.debug}
                controller={simulator.controller}
                placeName={debug.placeName}
                hasBreakpoints={debug.hasBreakpoints}
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
              preparing
            ) : (
              <>
                {mode === 'blocks' || blocksKept ? (
                  <Suspense fallback={mode === 'blocks' ? preparing : null}>
                    <BlocksArea
                      ref={blocks}
                      hidden={mode !== 'blocks'}
                      xml={state.xml}
                      onChange={(xml) => session.editBlocks(xml)}
                      onPrimed={onBlocksPrimed}
                      errors={blockErrors}
                      highContrast={theme === 'high-contrast'}
                      readOnly={chrome.readOnly}
                      onReady={onInteractive}
                      {...(tutorial.toolboxFilter ? { toolboxFilter: tutorial.toolboxFilter } : {})}
                      {...(extensionsState.metadata ? { extensionMetadata: extensionsState.metadata } : {})}
                      {...(chrome.readOnly ? {} : { debug: debug.blocks })}
                    />
                  </Suspense>
                ) : null}
                {mode === 'javascript' ? (
                  <Suspense fallback={preparing}>
                    <CodeArea
                      // One editor per language (its highlighting and helpers are made once).
                      key="javascript"
                      ref={code}
                      code={state.code}
                      language="typescript"
                      documentVersion={state.documentVersion}
                      onChange={(text) => session.editCode(text)}
                      problems={state.problems}
                      service={codeService}
                      fontSize={fontSize.fontSize}
                      readOnly={chrome.readOnly}
                      onReady={onInteractive}
                      {...(chrome.readOnly ? {} : { debug: debug.code })}
                    />
                  </Suspense>
                ) : null}
                {mode === 'python' || pythonKept || pythonAhead ? (
                  <Suspense fallback={mode === 'python' ? preparing : null}>
                    <CodeArea
                      key="python"
                      ref={mode === 'python' ? code : undefined}
                      hidden={mode !== 'python'}
                      // Hidden: the Python made ahead when there is one (a new text replaces the
                      // old at idle; versions below zero never meet the session's).
                      code={mode !== 'python' && pythonAhead ? pythonAhead.text : state.python}
                      documentVersion={mode !== 'python' && pythonAhead ? -pythonAhead.version : state.documentVersion}
                      language="python"
                      onChange={(text) => session.editPython(text)}
                      problems={state.problems}
                      service={codeService}
                      fontSize={fontSize.fontSize}
                      readOnly={chrome.readOnly}
                      onReady={onInteractive}
                      {...(chrome.readOnly ? {} : { debug: debug.python })}
                    />
                  </Suspense>
                ) : null}
              </>
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
        board={services.board ? boards.usb : null}
        bluetooth={services.board?.bluetooth ? boards.bluetooth : null}
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
          snapshot={snapshot}
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
            const xml = readBlocks();
            if (xml && xml !== session.getState().xml) session.editBlocks(xml);
            return autosave.getContent().files;
          }}
          onPulled={(files, removed) => autosave.replaceFiles({ files, remove: removed })}
        />
      ) : null}
      <ImportDialog importer={importer} />
      <FlashStepsDialog fileName={flashFile?.fileName ?? null} size={flashFile?.size} onClose={closeFlashSteps} />
      <FlashDialog board={boards.usb} onSaveFile={() => void download('hex', 'file')} />
      <FlashDialog board={boards.bluetooth} onSaveFile={() => void download('hex', 'file')} />
      <BluetoothPairDialog
        open={pairingBluetooth}
        bluetooth={boards.bluetooth}
        onClose={() => setPairingBluetooth(false)}
      />
      <ToastRegion queue={toasts} />
    </div>
  );
}
