// Serial output under the simulator: the console (lines as written, per board) and the chart of
// `name:value` numbers, with CSV and text downloads and a box to send text to the program. It
// folds away while nothing has been written (the simulator needs the room on small screens) and
// opens by itself when the program writes; the learner's own choice wins. Lines from the micro:bit
// on the USB cable come into the same console and chart (board 0, named "micro:bit (USB)"), and
// the box below can send a line to that board instead of the simulator ("Send to"). Up and Down
// in the box bring back lines sent before.

import type { SimulatorController } from '@blockyard/sim';
import { ChevronDown, ChevronRight, Download, Eraser, Send } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DownloadFile } from '../downloads/downloader.ts';
import { LineHistory } from './line-history.ts';
import { PlotChart } from './PlotChart.tsx';
import { USB_BOARD_SOURCE } from './serial-sources.ts';

/** Lines drawn in the console (older ones stay in the model and the download). */
const SHOWN_LINES = 300;

/** The micro:bit on the USB cable, as the serial box sees it. */
export interface SerialBoard {
  state: 'disconnected' | 'connecting' | 'ready';
  flashing: boolean;
  /** Writes text to the board's serial port (rejects when it cannot). */
  send: (text: string) => Promise<void>;
}

type SendProblem = 'noBoard' | 'busy' | 'failed';

/** Why a line cannot go to the board now, or null when it can. */
export function boardSendProblem(board: SerialBoard | null | undefined): SendProblem | null {
  if (!board || board.state !== 'ready') return 'noBoard';
  return board.flashing ? 'busy' : null;
}

export function SerialPanel({
  controller,
  save,
  board,
}: {
  controller: SimulatorController;
  /** Hands a file to the learner (the page's Downloader). */
  save: (file: DownloadFile) => void;
  /** The board on the cable; given, the box can send to it too. */
  board?: SerialBoard | null;
}) {
  const { t } = useTranslation();
  const [view, setView] = useState<'console' | 'plotter'>('console');
  const [input, setInput] = useState('');
  const [chosen, setChosen] = useState<boolean | undefined>(undefined);
  const [target, setTarget] = useState<'simulator' | 'board'>('simulator');
  const [problem, setProblem] = useState<SendProblem | null>(null);
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
  const boardName = (board: number) => (board === USB_BOARD_SOURCE ? t('sim.pane.usbBoard') : String(board));
  // "No board" stops showing once a board is there; a failed send stays until the next one.
  const shownProblem = problem === 'failed' || (problem && boardSendProblem(board) === problem) ? problem : null;
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
    <section className="sim-serial" aria-label={t('sim.pane.serial')} data-open={open}>
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
            <button type="button" aria-pressed={view === 'console'} onClick={() => setView('console')}>
              {t('sim.pane.console')}
            </button>
            <button type="button" aria-pressed={view === 'plotter'} onClick={() => setView('plotter')}>
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
            if (target === 'board') {
              const why = boardSendProblem(board);
              // The line stays in the box, to send once the board is there.
              setProblem(why);
              if (why || !board) return;
              const line = input;
              board.send(`${line}\n`).then(
                () => setProblem(null),
                () => setProblem('failed'),
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
          {board ? (
            <>
              <label htmlFor={targetId}>{t('sim.pane.sendTo')}</label>
              <select
                id={targetId}
                value={target}
                onChange={(event) => {
                  setTarget(event.target.value === 'board' ? 'board' : 'simulator');
                  setProblem(null);
                }}
              >
                <option value="simulator">{t('sim.pane.sendToSimulator')}</option>
                <option value="board">{t('sim.pane.usbBoard')}</option>
              </select>
            </>
          ) : null}
          <label htmlFor={inputId} className={board ? 'visually-hidden' : undefined}>
            {target === 'board' ? t('sim.pane.serialInputBoard') : t('sim.pane.serialInput')}
          </label>
          <input
            id={inputId}
            value={input}
            onChange={(event) => setInput(event.target.value)}
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
          {shownProblem ? t(`sim.pane.sendProblem.${shownProblem}`) : ''}
        </p>
      </div>
    </section>
  );
}
