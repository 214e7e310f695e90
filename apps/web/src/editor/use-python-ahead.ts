// The Python made ahead for the hidden Python editor (ProjectEditor), handed over only when the
// page is idle: making that editor on 1,000+ lines is one long main-thread task, and a press on
// a tab that met it waited for it (bench python-tab round 17: the first switch 2-3x slower than
// before). A press before the hand-over just makes the editor as it always did.

import { useCallback, useEffect, useRef, useState } from 'react';
import { runWhenIdle } from '../ui/run-when-idle.ts';

/** The Python text ahead and its version (a new text tells the hidden editor to load it). */
export interface PythonAheadText {
  readonly text: string;
  readonly version: number;
}

/** Quiet time after the text comes before asking for idle time (its answer is often mid-work). */
const AFTER_MS = 300;
/** The longest the browser may put it off. */
const IDLE_TIMEOUT_MS = 3000;
/** No hand-over this soon after the learner's last key or pointer press (they may press a tab). */
const QUIET_AFTER_INPUT_MS = 1000;

/**
 * [the text for the hidden editor, take a new text made ahead, drop it (the Python tab shows:
 * nothing pending is handed over then)].
 */
export function usePythonAhead(): [PythonAheadText | undefined, (text: string) => void, () => void] {
  const [ahead, setAhead] = useState<PythonAheadText>();
  const pending = useRef<() => void>(undefined);
  const lastInput = useRef(-Infinity);
  useEffect(() => {
    const note = () => (lastInput.current = performance.now());
    addEventListener('pointerdown', note, { capture: true });
    addEventListener('keydown', note, { capture: true });
    return () => {
      removeEventListener('pointerdown', note, { capture: true });
      removeEventListener('keydown', note, { capture: true });
      pending.current?.();
    };
  }, []);
  const offer = useCallback((text: string) => {
    pending.current?.();
    const handOver = () => {
      if (performance.now() - lastInput.current < QUIET_AFTER_INPUT_MS) {
        pending.current = runWhenIdle(
          handOver,
          { afterMs: QUIET_AFTER_INPUT_MS, idleTimeoutMs: IDLE_TIMEOUT_MS },
          window,
        );
        return;
      }
      pending.current = undefined;
      setAhead((before) => (before?.text === text ? before : { text, version: (before?.version ?? 0) + 1 }));
    };
    pending.current = runWhenIdle(handOver, { afterMs: AFTER_MS, idleTimeoutMs: IDLE_TIMEOUT_MS }, window);
  }, []);
  const drop = useCallback(() => {
    pending.current?.();
    pending.current = undefined;
    setAhead(undefined);
  }, []);
  return [ahead, offer, drop];
}
