// The simulator pane for the editor: Run/Stop and Restart, the sandboxed simulator frame, what
// stops a program from running (compile problems, a runtime error at its line) and the serial
// console and chart. Self-contained: give it a Simulator (useSimulator) and the files to run.

import type { Simulator } from './use-simulator.ts';
import { Camera, Circle, Download, Info, Play, RotateCcw, Square } from 'lucide-react';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { runtimeWords } from '../editor/session/learner-words.ts';
import { SerialPanel, type SerialBoard } from './SerialPanel.tsx';
import '../ui/ui.css';
import './sim-host.css';

export interface SimulatorPaneProps {
  simulator: Simulator;
  /** The project's files now (read when Run is pressed). */
  getFiles: () => Record<string, string>;
  /**
   * Whether the pane lists compile problems and the runtime error itself (default true); the
   * editor page shows them next to the code instead, on their line or block.
   */
  showProblems?: boolean;
  /**
   * The status when a runtime error stopped the program, in the editor's words ("Stopped in “show
   * number”: …"); without it the pane says the runtime's own message.
   */
  stoppedMessage?: string;
  /** The micro:bit on the USB cable, so the serial box can send to it (the editor's only). */
  serialBoard?: SerialBoard | null;
  /** The micro:bit connected by Bluetooth, likewise. */
  serialBluetooth?: SerialBoard | null;

  /**
   * Calm notes shown above the board, e.g. that an extension works only on the board and what of
   * it does nothing in the simulator.
   */
  notices?: readonly string[];
}

export function SimulatorPane({
  simulator,
  getFiles,
  showProblems = true,
  stoppedMessage,
  serialBoard,
  serialBluetooth,

  notices = [],
}: SimulatorPaneProps) {
  const { t } = useTranslation();
  const { controller, container } = simulator;
  const view = useSyncExternalStore(
    (listener) => controller.subscribe(listener),
    () => controller.getState(),
  );
  const attach = useCallback(
    (element: HTMLDivElement | null) => {
      if (element && container.parentElement !== element) element.append(container);
    },
    [container],
  );
  const active =
    view.state === 'running' || view.state === 'paused' || view.state === 'starting' || view.state === 'pending';
  const errors = view.diagnostics.filter((d) => d.category === 'error');
  const running = view.state === 'running' || view.state === 'paused';
  // The runtime's own messages in learner words; any other text is labelled as the program's.
  const errorWords = (message: string) => {
    const words = runtimeWords(message);
    return t(`editor.words.${words.key}`, words.values);
  };
  const [pictureFailed, setPictureFailed] = useState(false);
  // Pictures and recordings are saved only from these buttons, pressed in the editor itself
  // (the frame cannot start a download: see the sim README, "Threat model").
  const takePicture = () => {
    setPictureFailed(false);
    controller.saveScreenshot().catch(() => setPictureFailed(true));
  };
  // "Suspended" means the program cannot go on: say why, not only that it stopped.
  const status = view.compiling
    ? t('sim.pane.compiling')
    : view.state === 'suspended' && view.error
      ? (stoppedMessage ??
        (view.error.line === undefined
          ? t('sim.pane.stoppedBy', { reason: errorWords(view.error.message) })
          : t('sim.pane.stoppedOnLine', { line: view.error.line, reason: errorWords(view.error.message) })))
      : view.state === 'suspended' && errors.length > 0
        ? t('sim.pane.stoppedForProblems')
        : t(`sim.pane.state.${view.state}`);

  return (
    <section className="sim-pane pill-buttons" aria-label={t('sim.pane.label')} data-state={view.state}>
      <div className="sim-pane-bar">
        {active ? (
          <button type="button" className="pill-button-main" onClick={() => controller.stop()}>
            <Square aria-hidden="true" size={18} /> {t('sim.pane.stop')}
          </button>
        ) : (
          <button
            type="button"
            className="pill-button-main"
            disabled={view.compiling}
            onClick={() => void controller.run(getFiles())}
          >
            <Play aria-hidden="true" size={18} /> {t('sim.pane.run')}
          </button>
        )}
        <button type="button" disabled={view.state === 'unloaded'} onClick={() => controller.restart()}>
          <RotateCcw aria-hidden="true" size={18} /> {t('sim.pane.restart')}
        </button>
        <button
          type="button"
          className="sim-pane-icon"
          disabled={!running}
          onClick={takePicture}
          title={t('sim.screenshot')}
          aria-label={t('sim.screenshot')}
        >
          <Camera aria-hidden="true" size={18} />
        </button>
        <button
          type="button"
          className={view.recording ? 'sim-pane-icon sim-pane-recording' : 'sim-pane-icon'}
          disabled={!running && !view.recording}
          aria-pressed={view.recording}
          onClick={() => (view.recording ? controller.stopRecording() : controller.startRecording())}
          title={view.recording ? t('sim.stopRecording') : t('sim.record')}
          aria-label={view.recording ? t('sim.stopRecording') : t('sim.record')}
        >
          <Circle aria-hidden="true" size={18} />
        </button>
        {view.recordingReady && (
          <button type="button" onClick={() => controller.saveRecording()}>
            <Download aria-hidden="true" size={18} /> {t('sim.pane.saveRecording')}
          </button>
        )}
        <span className="sim-pane-status" role="status" data-stopped={view.error ? 'error' : undefined}>
          {status}
        </span>
      </div>
      {showProblems && errors.length > 0 && (
        <div className="sim-pane-problems" role="alert">
          <p>{t('sim.pane.problems', { count: errors.length })}</p>
          <ul>
            {errors.map((d, i) => (
              <li key={i}>{t('sim.pane.problem', { line: d.line, message: d.message })}</li>
            ))}
          </ul>
        </div>
      )}
      {pictureFailed && (
        <p className="sim-pane-error" role="alert">
          {t('sim.pane.pictureFailed')}
        </p>
      )}
      {showProblems && view.error && (
        <p className="sim-pane-error" role="alert">
          {view.error.line === undefined
            ? errorWords(view.error.message)
            : t('sim.errorAt', { line: view.error.line, message: errorWords(view.error.message) })}
        </p>
      )}
      {notices.map((notice) => (
        <p key={notice} className="sim-pane-notice" role="note">
          <Info aria-hidden="true" size={18} />
          <span>{notice}</span>
        </p>
      ))}
      <div className="sim-pane-frame" ref={attach} />
      <SerialPanel controller={controller} save={simulator.save} board={serialBoard} bluetooth={serialBluetooth} />
    </section>
  );
}
