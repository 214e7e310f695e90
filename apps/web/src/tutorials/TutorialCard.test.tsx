import { parseTutorial } from '@blockyard/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../i18n/i18n.ts';
import { AUTO_HINT_DELAY_MS, TutorialCard } from './TutorialCard.tsx';
import type { TutorialProgress } from './tutorial-progress.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const tutorial = parseTutorial(`# Test tour

## {Hello @showdialog}

Welcome to the tour.

## {Show a picture @showhint}

Drag a \`||basic:show icon||\` block.

\`\`\`blocks
basic.showIcon(IconNames.Heart)
\`\`\`

## {The end}

All done here.
`);

let i18n: Awaited<ReturnType<typeof createI18n>>;
beforeAll(async () => {
  i18n = await createI18n('en');
});

function Harness({ onSave }: { onSave: (p: TutorialProgress) => void }) {
  const [progress, setProgress] = useState<TutorialProgress>({ id: 'test', step: 0, done: false });
  return (
    <I18nextProvider i18n={i18n}>
      <TutorialCard
        tutorial={tutorial}
        progress={progress}
        onProgress={(p) => {
          setProgress(p);
          onSave(p);
        }}
        onExit={() => undefined}
      />
    </I18nextProvider>
  );
}

describe('TutorialCard', () => {
  it('walks the steps, saving each one, and celebrates at the end', () => {
    const saved: TutorialProgress[] = [];
    render(<Harness onSave={(p) => saved.push(p)} />);
    expect(screen.getByRole('heading', { level: 2, name: /1 of 3 Hello/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(screen.getByRole('heading', { level: 2, name: /2 of 3 Show a picture/ })).toBeTruthy();
    // A block named in the text is drawn as a picture of the block.
    expect(screen.getByRole('img', { name: /^Block: show icon/ }).getAttribute('style')).toContain('#1E90FF');
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(screen.getByText('You did it!')).toBeTruthy();
    expect(saved.map((p) => [p.step, p.done])).toEqual([
      [1, false],
      [2, false],
      [2, true],
    ]);
  });

  it('opens the hint on request, and on its own after a while on @showhint steps', async () => {
    vi.useFakeTimers();
    render(<Harness onSave={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(screen.queryByRole('region', { name: 'Hint' })).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AUTO_HINT_DELAY_MS);
    });
    expect(screen.getByRole('region', { name: 'Hint' }).textContent).toContain('basic.showIcon');
    fireEvent.click(screen.getByRole('button', { name: /Hide the hint/ }));
    expect(screen.queryByRole('region', { name: 'Hint' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Hint/ }));
    expect(screen.getByRole('region', { name: 'Hint' })).toBeTruthy();
  });

  it('jumps to a step from the step list', () => {
    render(<Harness onSave={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: /Steps/ }));
    fireEvent.click(screen.getByRole('button', { name: 'The end' }));
    expect(screen.getByRole('heading', { level: 2, name: /3 of 3 The end/ })).toBeTruthy();
  });
});
