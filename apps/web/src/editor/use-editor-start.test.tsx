import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { EditorSession } from './session/editor-session.ts';
import { useEditorStart } from './use-editor-start.ts';
import type { Simulator } from '../sim-host/use-simulator.ts';

// The idle work runs at once here: what is tested is what it converts.
vi.mock('./code/prefetch-python-tab.ts', () => ({
  prefetchWhenIdle: (work: () => void) => {
    work();
    return () => undefined;
  },
  prefetchPythonTab: (_load: unknown, convertAhead: () => Promise<unknown>) => void convertAhead(),
}));

function setup() {
  const preparePython = vi.fn((xml?: string) => Promise.resolve({ python: `# ${xml}\n`, code: '', warnings: [] }));
  const readBlocksAhead = vi.fn();
  const session = {
    getState: () => ({ mode: 'blocks' }),
    start: vi.fn(),
    readBlocksAhead,
    preparePython,
    prepareLeavingPython: vi.fn(),
  } as unknown as EditorSession;
  const simulator = { controller: { preload: vi.fn() } } as unknown as Simulator;
  const blocks = { current: { settledXml: () => Promise.resolve('<first/>') } } as never;
  const offered: string[] = [];
  const hook = renderHook(() =>
    useEditorStart(
      session,
      simulator,
      blocks,
      () => Promise.resolve(),
      (python) => offered.push(python),
    ),
  );
  return { hook, readBlocksAhead, preparePython, offered };
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('useEditorStart', () => {
  it('converts the blocks ahead again when their text changes once every stack is built', async () => {
    const { hook, readBlocksAhead, preparePython, offered } = setup();
    act(() => hook.result.current.onInteractive());
    await settle();
    expect(preparePython).toHaveBeenLastCalledWith('<first/>');
    act(() => hook.result.current.onBlocksPrimed('<primed/>'));
    await settle();
    // The press will read '<primed/>': without this it converted afresh (bench python-tab).
    expect(preparePython).toHaveBeenLastCalledWith('<primed/>');
    expect(readBlocksAhead).toHaveBeenCalledWith('<primed/>');
    expect(offered).toEqual(['# <first/>\n', '# <primed/>\n']);
  });

  it('does not convert ahead on priming before the page asked for the Python at all', async () => {
    const { hook, preparePython } = setup();
    act(() => hook.result.current.onBlocksPrimed('<primed/>'));
    await settle();
    expect(preparePython).not.toHaveBeenCalled();
  });
});
