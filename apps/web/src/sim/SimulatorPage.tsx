// The simulator page inside the sandboxed frame: the board(s), what the driver's state means on
// screen (loader while starting, play icon when stopped, a click-blocking overlay when paused),
// the runtime error, more boards for radio programs, and the toolbar. Keys A and B press the
// buttons of the first board.

import { BOARD_THEME_NAMES, type BoardThemeName } from '@blockyard/board-microbit/view';
import type { FrameRunner } from '@blockyard/sim';
import { LoaderCircle, Play } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { BoardPanel } from './BoardPanel.tsx';
import { SimToolbar } from './SimToolbar.tsx';

export interface SimulatorPageProps {
  runner: FrameRunner;
  /** Receives the first board's SVG, for pictures. */
  onBoardSvg: (element: SVGSVGElement | null) => void;
}

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName))
  );
}

function useButtonKeys(runner: FrameRunner): void {
  useEffect(() => {
    const keyFor = (event: KeyboardEvent) => {
      const key = event.key.toLowerCase();
      return key === 'a' ? 'A' : key === 'b' ? 'B' : undefined;
    };
    const down = (event: KeyboardEvent) => {
      const button = keyFor(event);
      if (!button || event.repeat || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      runner.boards[0]?.press(button);
    };
    const up = (event: KeyboardEvent) => {
      const button = keyFor(event);
      if (button) runner.boards[0]?.release(button);
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, [runner]);
}

export function SimulatorPage({ runner, onBoardSvg }: SimulatorPageProps) {
  const { t } = useTranslation();
  const state = useSyncExternalStore(
    (listener) => runner.subscribe(listener),
    () => runner.getState(),
  );
  useButtonKeys(runner);
  useEffect(() => {
    if (state.highContrast) document.documentElement.dataset.theme = 'high-contrast';
    else delete document.documentElement.dataset.theme;
  }, [state.highContrast]);

  // The frame's theme is the first board's; more boards take the next colours in turn.
  const first = Math.max(0, BOARD_THEME_NAMES.indexOf(state.theme));
  const themeOf = (i: number): BoardThemeName => BOARD_THEME_NAMES[(first + i) % BOARD_THEME_NAMES.length] ?? 'blue';
  const error = state.error;
  return (
    <main className="sim-page" data-phase={state.phase} data-boards={state.boards.length}>
      {/* The frame is a page of its own: screen readers open it at its level-one heading. */}
      <h1 className="visually-hidden">{t('sim.frameTitle')}</h1>
      <SimToolbar runner={runner} state={state} />
      <div className="sim-stage">
        <div className="sim-boards">
          {state.boards.map((board, i) => (
            <BoardPanel
              key={board.id}
              board={board}
              usage={state.usage}
              theme={themeOf(i)}
              highContrast={state.highContrast}
              named={state.boards.length > 1}
              {...(i === 0 ? { svgRef: onBoardSvg } : {})}
            />
          ))}
        </div>
        {(state.phase === 'loading' || state.phase === 'waiting') && (
          <div className="sim-overlay sim-loader" role="status">
            <LoaderCircle aria-hidden="true" className="sim-spin" />
            <span>{t('sim.loading')}</span>
          </div>
        )}
        {state.phase === 'stopped' && (
          <div className="sim-overlay sim-stopped">
            <button type="button" className="sim-play" onClick={() => runner.requestRestart()}>
              <Play aria-hidden="true" />
              <span className="visually-hidden">{t('sim.play')}</span>
            </button>
          </div>
        )}
        {state.phase === 'paused' && (
          <div className="sim-overlay sim-paused" data-blocking="true">
            <span>{t('sim.paused')}</span>
          </div>
        )}
      </div>
      {error && (
        <p className="sim-error" role="alert">
          {error.line === undefined
            ? error.message
            : state.boards.length > 1
              ? t('sim.errorAtBoard', { board: error.board, line: error.line, message: error.message })
              : t('sim.errorAt', { line: error.line, message: error.message })}
        </p>
      )}
      {state.usage.radio && state.phase === 'running' && state.boards.length === 1 && (
        <p className="sim-radio-hint">{t('sim.radioHint')}</p>
      )}
    </main>
  );
}
