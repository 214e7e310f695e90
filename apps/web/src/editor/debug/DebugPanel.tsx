// The debugger's panel under the simulator (issue 18): the Debug switch; while debugging, what
// the program is doing in plain words (a live region, so screen readers hear "Paused at …"),
// Continue / Step / Step into / Step out / Stop (also F5, F10, F11, Shift+F11, Shift+F5), the
// variables and the call stack with the innermost function's variables. Lists and long text
// open on demand (their children are asked of the paused program). Slow motion: a speed
// (off, slow, medium, fast) lights up each block or line in turn; the panel says which board
// the lit-up one is running on.

import type { BlockNameInfo, DebuggerVariable, DebugStop, SimulatorController, StackFrameInfo } from '@blockyard/sim';
import { Bug, ChevronRight, Gauge, CornerDownRight, CornerUpLeft, Pause, Play, Redo2, Square } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { type EditorDebugger, SLOW_MOTION_SPEEDS, type SlowMotion } from './editor-debugger.ts';
import './debug.css';

export interface DebugPanelProps {
  debugger: EditorDebugger;
  controller: SimulatorController;
  /** Where a stop is, in words ("“show number”", "line 4"). */
  placeName: (at: Pick<DebugStop, 'file' | 'line'>) => string;
  /** Any breakpoints set in the editor shown. */
  hasBreakpoints: boolean;
}

export function DebugPanel({ debugger: debug, controller, placeName, hasBreakpoints }: DebugPanelProps) {
  const { t } = useTranslation();
  const { debugging, slowMotion } = useSyncExternalStore(
    (listener) => debug.subscribe(listener),
    () => debug.getState(),
  );
  const view = useSyncExternalStore(
    (listener) => controller.subscribe(listener),
    () => controller.getState(),
  );
  const stop = view.state === 'paused' ? view.stop : undefined;
  const running = view.state === 'running';
  const trace = running && slowMotion !== 'off' ? view.trace : undefined;

  useEffect(() => {
    if (!debugging) return undefined;
    const onKey = (event: KeyboardEvent) => {
      const paused = controller.getState().state === 'paused';
      const act = (done: () => void) => {
        event.preventDefault();
        done();
      };
      if (event.key === 'F5' && event.shiftKey) act(() => debug.stop());
      else if (event.key === 'F5' && paused) act(() => debug.continue());
      else if (event.key === 'F10' && paused) act(() => debug.step('stepover'));
      else if (event.key === 'F11' && paused) act(() => debug.step(event.shiftKey ? 'stepout' : 'stepinto'));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [debugging, debug, controller]);

  const status = stop
    ? t('editor.debug.pausedAt', { place: placeName(stop), board: stop.board })
    : running
      ? t(
          slowMotion !== 'off'
            ? 'editor.debug.slowRunning'
            : hasBreakpoints
              ? 'editor.debug.running'
              : 'editor.debug.noBreakpoints',
        )
      : view.state === 'stopped' || view.state === 'suspended'
        ? t('editor.debug.stopped')
        : t('editor.debug.starting');

  return (
    <section className="debug-panel pill-buttons" aria-label={t('editor.debug.label')} data-debugging={debugging}>
      <div className="debug-bar">
        <button
          type="button"
          className="debug-toggle pill-button-toggle"
          aria-pressed={debugging}
          onClick={() => debug.setDebugging(!debugging)}
          title={t('editor.debug.toggleHint')}
        >
          <Bug aria-hidden="true" size={18} /> {t('editor.debug.toggle')}
        </button>
        {debugging ? (
          <p className="debug-status" role="status" aria-live="polite" data-paused={stop ? 'true' : undefined}>
            {status}
          </p>
        ) : null}
      </div>
      <SlowMotionPicker value={slowMotion} onChange={(speed) => debug.setSlowMotion(speed)} />
      {trace ? (
        // Not a live region: it changes several times a second.
        <p className="debug-trace">{t('editor.debug.slowAt', { place: placeName(trace), board: trace.board })}</p>
      ) : null}
      {debugging ? (
        <div className="debug-controls" role="toolbar" aria-label={t('editor.debug.controls')}>
          {stop ? (
            <>
              <button type="button" className="pill-button-main" onClick={() => debug.continue()} title="F5">
                <Play aria-hidden="true" size={18} /> {t('editor.debug.continue')}
              </button>
              <button type="button" onClick={() => debug.step('stepover')} title="F10">
                <Redo2 aria-hidden="true" size={18} /> {t('editor.debug.stepOver')}
              </button>
              <button type="button" onClick={() => debug.step('stepinto')} title="F11">
                <CornerDownRight aria-hidden="true" size={18} /> {t('editor.debug.stepInto')}
              </button>
              <button type="button" onClick={() => debug.step('stepout')} title="Shift+F11">
                <CornerUpLeft aria-hidden="true" size={18} /> {t('editor.debug.stepOut')}
              </button>
            </>
          ) : (
            <button type="button" disabled={!running} onClick={() => debug.pause()}>
              <Pause aria-hidden="true" size={18} /> {t('editor.debug.pause')}
            </button>
          )}
          <button type="button" disabled={!stop && !running} onClick={() => debug.stop()} title="Shift+F5">
            <Square aria-hidden="true" size={18} /> {t('editor.debug.stop')}
          </button>
        </div>
      ) : null}
      {debugging && stop ? <StopDetails stop={stop} controller={controller} /> : null}
    </section>
  );
}

function SlowMotionPicker({ value, onChange }: { value: SlowMotion; onChange: (speed: SlowMotion) => void }) {
  const { t } = useTranslation();
  return (
    <div className="debug-speed" role="group" aria-labelledby="debug-speed-label">
      <span id="debug-speed-label" className="debug-speed-label">
        <Gauge aria-hidden="true" size={18} /> {t('editor.debug.slowMotion')}
      </span>
      {SLOW_MOTION_SPEEDS.map((speed) => (
        <button
          key={speed}
          type="button"
          className="pill-button-toggle"
          aria-pressed={value === speed}
          onClick={() => onChange(speed)}
          title={speed === 'off' ? undefined : t('editor.debug.slowHint')}
        >
          {t(`editor.debug.speed.${speed}`)}
        </button>
      ))}
    </div>
  );
}

function StopDetails({ stop, controller }: { stop: DebugStop; controller: SimulatorController }) {
  const { t } = useTranslation();
  const [top, ...callers] = stop.frames;
  const locals = top?.locals ?? [];
  const thread = stop.threadBlock ? blockWords(stop.threadBlock, t, stop.thread) : stop.thread;
  return (
    <div className="debug-details">
      <h2 className="debug-heading">
        {t('editor.debug.board', { board: stop.board })} · {t('editor.debug.thread', { thread })}
      </h2>
      <h3 className="debug-heading">{t('editor.debug.variables')}</h3>
      <VariableList list={stop.globals} controller={controller} empty={t('editor.debug.noVariables')} />
      <h3 className="debug-heading">{t('editor.debug.callStack')}</h3>
      <ol className="debug-stack">
        {top ? (
          <li>
            <span className="debug-frame">{frameName(top, t, stop.thread, thread)}</span>
            {locals.length > 0 ? <VariableList list={locals} controller={controller} /> : null}
          </li>
        ) : null}
        {callers.map((frame, i) => (
          <li key={i}>
            <span className="debug-frame">{frameName(frame, t, stop.thread, thread)}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * A frame's name. The debugger names the top level and a handler's nameless function by their
 * block ("on start", "forever"), given as a message key and the block's choices: said in the
 * learner's language and quoted, like a block elsewhere. Other nameless functions: where they are.
 */
function frameName(frame: StackFrameInfo, t: TFunction, threadName: string, thread: string): string {
  const { name, line } = frame;
  const shown = frame.block
    ? t('editor.debug.atBlock', { block: blockWords(frame.block, t, name) })
    : name === threadName
      ? t('editor.debug.atBlock', { block: name })
      : name === '(anonymous function)'
        ? t('editor.debug.handlerFrame', { thread })
        : name;
  return line === undefined ? shown : t('editor.debug.frameLine', { name: shown, line });
}

/** A block's name in the learner's language; a key this editor does not know: its English. */
function blockWords(block: BlockNameInfo, t: TFunction, english: string): string {
  return t(`editor.debug.blocks.${block.key}`, { ...block.values, defaultValue: english });
}

function VariableList({
  list,
  controller,
  empty,
}: {
  list: readonly DebuggerVariable[];
  controller: SimulatorController;
  empty?: string;
}) {
  if (list.length === 0) return empty ? <p className="debug-empty">{empty}</p> : null;
  return (
    <ul className="debug-variables">
      {list.map((variable, i) => (
        <VariableItem key={`${variable.name}-${i}`} variable={variable} controller={controller} />
      ))}
    </ul>
  );
}

function VariableItem({ variable, controller }: { variable: DebuggerVariable; controller: SimulatorController }) {
  const { t } = useTranslation();
  const [children, setChildren] = useState<DebuggerVariable[] | null>(null);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const text = (
    <>
      <span className="debug-name">{variable.name}</span> = <span className="debug-value">{variable.value}</span>
    </>
  );
  if (variable.ref === 0) return <li>{text}</li>;
  const toggle = () => {
    if (open) {
      setOpen(false);
      return;
    }
    setOpen(true);
    if (children) return;
    controller.variables(variable.ref).then(setChildren, () => setFailed(true));
  };
  return (
    <li>
      <button type="button" className="debug-expand" aria-expanded={open} onClick={toggle}>
        <ChevronRight aria-hidden="true" size={16} className="debug-chevron" />
        {text}
      </button>
      {open && failed ? <p className="debug-empty">{t('editor.debug.goneOn')}</p> : null}
      {open && children ? <VariableList list={children} controller={controller} /> : null}
    </li>
  );
}
