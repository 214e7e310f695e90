import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePythonAhead } from './use-python-ahead.ts';

describe('usePythonAhead', () => {
  beforeEach(() => {
    // No requestIdleCallback in the test page: the hand-over runs when due (run-when-idle.ts).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => vi.useRealTimers());

  it('hands the text over after a quiet time, not at once (making the editor is a long task)', () => {
    const { result } = renderHook(() => usePythonAhead());
    act(() => result.current[1]('basic.show_number(1)\n'));
    expect(result.current[0]).toBeUndefined();
    act(() => void vi.advanceTimersByTime(400));
    expect(result.current[0]).toEqual({ text: 'basic.show_number(1)\n', version: 1 });
  });

  it('waits while the learner is pressing keys or the pointer (a tab press may be coming)', () => {
    const { result } = renderHook(() => usePythonAhead());
    act(() => void vi.advanceTimersByTime(5000));
    act(() => result.current[1]('a = 1\n'));
    act(() => void vi.advanceTimersByTime(200));
    dispatchEvent(new Event('pointerdown'));
    act(() => void vi.advanceTimersByTime(200));
    expect(result.current[0]).toBeUndefined();
    act(() => void vi.advanceTimersByTime(1200));
    expect(result.current[0]?.text).toBe('a = 1\n');
  });

  it('a new text gets a new version, the same text keeps it; drop forgets what was pending', () => {
    const { result } = renderHook(() => usePythonAhead());
    act(() => result.current[1]('a = 1\n'));
    act(() => void vi.advanceTimersByTime(400));
    act(() => result.current[1]('a = 1\n'));
    act(() => void vi.advanceTimersByTime(400));
    expect(result.current[0]?.version).toBe(1);
    act(() => result.current[1]('a = 2\n'));
    act(() => void vi.advanceTimersByTime(400));
    expect(result.current[0]).toEqual({ text: 'a = 2\n', version: 2 });
    act(() => result.current[1]('a = 3\n'));
    act(() => result.current[2]());
    act(() => void vi.advanceTimersByTime(2000));
    expect(result.current[0]).toBeUndefined();
  });
});
