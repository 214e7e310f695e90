// Serial output under the simulator: the console (lines as written, per board) and the chart of
// `name:value` numbers, with CSV and text downloads and a box to send text to the program. It
// folds away while nothing has been written (the simulator needs the room on small screens) and
// opens by itself when the program writes; the learner's own choice wins. Lines from the micro:bit
// on the USB cable and from one connected by Bluetooth come into the same console and chart
// (boards 0 and -1, named "micro:bit (USB)" and "micro:bit (Bluetooth)"), and the box below can
// send a line to either board instead of the simulator ("Send to"). Up and Down in the box bring
// back lines sent before.

import type { SimulatorController } from '@blockyard/sim';
import { ChevronDown, ChevronRight, Download, Eraser, Send } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DownloadFile } from '../downloads/downloader.ts';
import { LineHistory } from './line-history.ts';
import { PlotChart } from './PlotChart.tsx';
import { BLUETOOTH_BOARD_SOURCE, USB_BOARD_SOURCE } from './serial-sources.ts';

/** Lines drawn in the console (older ones stay in the model and the download). */
const SHOWN_LINES = 300;

/** A micro:bit (on the USB cable, or connected by Bluetooth), as the serial box sees it. */
export interface SerialBoard {
  state: 'disconnected' | 'connecting' | 'ready';
  flashing: boolean;
  /** Writes text to the board's serial port (rejects when it cannot). */
  send: (text: string) => Promise<void>;
  /** The most bytes one line may have, its newline included (Bluetooth: 60). */
  maxBytes?: number;
}

type Target = 'simulator' | 'board' | 'bluetooth';

type SendProblem = 'noBoard' | 'noBluetooth' | 'busy' | 'failed' | 'failedBluetooth' | 'notListening' | 'tooLong';

/** Problems that stay until the next send (the others go once the board is there). */
const AFTER_SEND = new Set<SendProblem>(['failed', 'failedBluetooth', 'notListening', 'tooLong']);

/** Why a line cannot go to the board now, or null when it can. */
function boardSendProblem(
  board: SerialBoard | null | undefined,
  target: Exclude<Target, 'simulator'> = 'board',
): SendProblem | null {
  if (!board || board.state !== 'ready') return target === 'bluetooth' ? 'noBluetooth' : 'noBoard';
  return board.flashing ? 'busy' : null;
}

/** Why a send failed: the Bluetooth board's program does not offer its UART service, or anything else. */
function sendFailure(error: unknown, target: Exclude<Target, 'simulator'>): SendProblem {
  if (target !== 'bluetooth') return 'failed';
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : null;
  return code === 'unavailable' ? 'notListening' : 'failedBluetooth';
}

export function SerialPanel({
  controller,
  save,
  board,
  bluetooth,
}: {
  controller: SimulatorController;
  /** Hands a file to the learner (the page's Downloader). */
  save: (file: DownloadFile) => void;
  /** The board on the cable; given, the box can send to it too. */
  board?: SerialBoard | null;
  /** The board over Bluetooth; given, the box can send to it too. */
  bluetooth?: SerialBoard | null;
}) {
  const { t } = useTranslation();
  const [view, setView] = useState<'console' | 'plotter'>('console');
  const [input, setInput] = useState('');
  const [chosen, setChosen] = useState<boolean | undefined>(undefined);
  const [target, setTarget] = useState<Target>('simulator');
  const [problem, setProblem] = useState<SendProblem | null>(null);
  const [maxBytes, setMaxBytes] = useState(0);
  const targetBoard = target === 'board' ? board : target === 'bluetooth' ? bluetooth : null;
  const history = useRef(new LineHistory());
  const inputId = useId();
  const targetId = useId();
  const problemId = useId();
  const bodyId = useId();
  const serial = useSyncExternalStore(
    (listener) => controller.console.subscribe(listener),
    () => controller.console.getSnapshot(),
  );
  const plot = useSyncExternalStore(
    (listener) => controller.plotter.subscribe(listener),
    () => controller.plotter.getSnapshot(),
  );
  const boards = new Set(serial.lines.map((line) => line.board));
  for (const board of serial.open.keys()) boards.add(board);
  const several = boards.size > 1;
  // The micro:bit on the cable writes here too (board-serial.ts): named, where a board is named.
  const boardName = (board: number) =>
    board === USB_BOARD_SOURCE
      ? t('sim.pane.usbBoard')
      : board === BLUETOOTH_BOARD_SOURCE
        ? t('sim.pane.bluetoothBoard')
        : String(board);
  // "No board" stops showing once a board is there; a failed send stays until the next one.
  const shownProblem =
    problem &&
    (AFTER_SEND.has(problem) || (target !== 'simulator' && boardSendProblem(targetBoard, target) === problem))
      ? problem
      : null;
  const lines = serial.lines.slice(-SHOWN_LINES);
  const empty = lines.length === 0 && serial.open.size === 0;
  const open = chosen ?? !(empty && plot.series.length === 0);
  const log = useRef<HTMLPreElement>(null);
  const following = useRef(true);
  // New output scrolls into view unless the learner scrolled up to read older lines.
  useLayoutEffect(() => {
    const element = log.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [serial]);

  return (
    <section className="sim-serial pill-buttons" aria-label={t('sim.pane.serial')} data-open={open}>
      <button
        type="button"
        className="sim-serial-toggle"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setChosen(!open)}
      >
        {open ? <ChevronDown aria-hidden="true" size={18} /> : <ChevronRight aria-hidden="true" size={18} />}
        {t('sim.pane.serial')}
      </button>
      <div id={bodyId} className="sim-serial-body" hidden={!open}>
        <div className="sim-serial-bar">
          <div className="sim-serial-tabs">
            <button
              type="button"
              className="pill-button-toggle"
              aria-pressed={view === 'console'}
              onClick={() => setView('console')}
            >
              {t('sim.pane.console')}
            </button>
            <button
              type="button"
              className="pill-button-toggle"
              aria-pressed={view === 'plotter'}
              onClick={() => setView('plotter')}
            >
              {t('sim.pane.plotter')}
            </button>
          </div>
          {view === 'plotter' ? (
            <button
              type="button"
              disabled={plot.rows === 0}
              onClick={() =>
                save({ fileName: 'blockyard-data.csv', data: controller.plotter.csv(), mimeType: 'text/csv' })
              }
            >
              <Download aria-hidden="true" size={18} /> {t('sim.pane.exportCsv')}
            </button>
          ) : (
            <button
              type="button"
              disabled={serial.lines.length === 0}
              onClick={() =>
                save({ fileName: 'blockyard-serial.txt', data: controller.console.text(), mimeType: 'text/plain' })
              }
            >
              <Download aria-hidden="true" size={18} /> {t('sim.pane.copyText')}
            </button>
          )}
          <button
            type="button"
            onClick={() => {
              controller.console.clear();
              controller.plotter.clear();
            }}
          >
            <Eraser aria-hidden="true" size={18} /> {t('sim.pane.clear')}
          </button>
        </div>
        {view === 'console' && serial.droppedChars > 0 && (
          <p className="sim-serial-dropped" role="status">
            {t('sim.pane.serialDropped')}
          </p>
        )}
        {view === 'console' ? (
          empty ? (
            <p className="sim-serial-empty">{t('sim.pane.noSerial')}</p>
          ) : (
            <pre
              ref={log}
              className="sim-console"
              role="log"
              aria-live="off"
              tabIndex={0}
              onScroll={(event) => {
                const element = event.currentTarget;
                following.current = element.scrollTop + element.clientHeight >= element.scrollHeight - 8;
              }}
            >
              {lines.map((line) => (
                <span key={line.id} className="sim-console-line" data-board={line.board}>
                  {several ? `[${boardName(line.board)}] ` : ''}
                  {line.text}
                  {line.cut ? ` … ${t('sim.pane.lineCut')}` : ''}
                  {'\n'}
                </span>
              ))}
              {[...serial.open].map(([board, text]) => (
                <span key={`open-${board}`} className="sim-console-line sim-console-open" data-board={board}>
                  {several ? `[${boardName(board)}] ` : ''}
                  {text}
                </span>
              ))}
            </pre>
          )
        ) : plot.series.length === 0 ? (
          <p className="sim-serial-empty">{t('sim.pane.noPlot')}</p>
        ) : (
          <PlotChart
            plot={plot}
            label={t('sim.pane.chartLabel')}
            several={new Set(plot.series.map((s) => s.board)).size > 1}
            boardName={boardName}
          />
        )}
        <form
          className="sim-serial-input"
          onSubmit={(event) => {
            event.preventDefault();
            if (input === '') return;
            if (target !== 'simulator') {
              const why = boardSendProblem(targetBoard, target);
              const line = input;
              const limit = targetBoard?.maxBytes;
              const tooLong = limit !== undefined && new TextEncoder().encode(`${line}\n`).length > limit;
              // The line stays in the box, to send once the board is there (or once shortened).
              setProblem(why ?? (tooLong ? 'tooLong' : null));
              if (limit !== undefined) setMaxBytes(limit - 1);
              if (why || tooLong || !targetBoard) return;
              targetBoard.send(`${line}\n`).then(
                () => setProblem(null),
                (error: unknown) => setProblem(sendFailure(error, target)),
              );
              history.current.add(line);
              setInput('');
              return;
            }
            controller.sendSerial(`${input}\n`);
            history.current.add(input);
            setInput('');
          }}
        >
          {board || bluetooth ? (
            <>
              <label htmlFor={targetId}>{t('sim.pane.sendTo')}</label>
              <select
                id={targetId}
                value={target}
                onChange={(event) => {
                  const value = event.target.value;
                  setTarget(value === 'board' || value === 'bluetooth' ? value : 'simulator');
                  setProblem(null);
                }}
              >
                <option value="simulator">{t('sim.pane.sendToSimulator')}</option>
                {board ? <option value="board">{t('sim.pane.usbBoard')}</option> : null}
                {bluetooth ? <option value="bluetooth">{t('sim.pane.bluetoothBoard')}</option> : null}
              </select>
            </>
          ) : null}
          <label htmlFor={inputId} className={board || bluetooth ? 'visually-hidden' : undefined}>
            {target === 'board'
              ? t('sim.pane.serialInputBoard')
              : target === 'bluetooth'
                ? t('sim.pane.serialInputBluetooth')
                : t('sim.pane.serialInput')}
          </label>
          <input
            id={inputId}
            value={input}
            onChange={(event) => setInput(event.target.value)}
            // A box half out of its scrolling column (the editor's, under the bottom bar) is not
            // scrolled by the browser on focus: the whole row comes into view, to type into.
            onFocus={(event) => event.currentTarget.form?.scrollIntoView?.({ block: 'nearest' })}
            onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
              if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
              event.preventDefault();
              setInput(event.key === 'ArrowUp' ? history.current.older(input) : history.current.newer(input));
            }}
            autoComplete="off"
            aria-describedby={shownProblem ? problemId : undefined}
            title={t('sim.pane.historyHint')}
          />
          <button type="submit">
            <Send className="icon-mirror" aria-hidden="true" size={18} />
            <span className="visually-hidden">{t('sim.pane.send')}</span>
          </button>
        </form>
        <p id={problemId} className="sim-serial-problem" aria-live="polite">
          {shownProblem ? t(`sim.pane.sendProblem.${shownProblem}`, { max: maxBytes }) : ''}
        </p>
      </div>
    </section>
  );
}
