import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { ModeSwitch } from '../editor/layout/ModeSwitch.tsx';
import { GitHubTabs } from '../github/GitHubTabs.tsx';
import { createI18n } from '../i18n/i18n.ts';
import { rovingTabTarget } from './use-roving-tabs.ts';

afterEach(() => cleanup());

describe('rovingTabTarget', () => {
  it('wraps round with the arrows and jumps with Home and End', () => {
    expect(rovingTabTarget('ArrowRight', 2, 3)).toBe(0);
    expect(rovingTabTarget('ArrowLeft', 0, 3)).toBe(2);
    expect(rovingTabTarget('ArrowRight', 0, 3)).toBe(1);
    expect(rovingTabTarget('Home', 2, 3)).toBe(0);
    expect(rovingTabTarget('End', 0, 5)).toBe(4);
    expect(rovingTabTarget('Enter', 1, 3)).toBeNull();
    expect(rovingTabTarget('ArrowDown', 1, 3)).toBeNull();
  });
});

async function renderWithI18n(element: ReactElement) {
  const i18n = await createI18n('en');
  render(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);
  return screen.getAllByRole('tab');
}

// Both tab lists of the app move focus with the same keys and leave activation to Enter/click.
describe('tab lists using useRovingTabs', () => {
  it('the editor mode switch moves focus, not the mode', async () => {
    const switched: string[] = [];
    const tabs = await renderWithI18n(
      <ModeSwitch mode="blocks" panelId="panel" busy={false} onSwitch={(mode) => switched.push(mode)} />,
    );
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
    tabs[0]!.focus();
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tabs[2]);
    fireEvent.keyDown(tabs[2]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tabs[0]);
    fireEvent.keyDown(tabs[0]!, { key: 'End' });
    expect(document.activeElement).toBe(tabs[2]);
    expect(switched).toEqual([]);
  });

  it('the GitHub dialog tabs move focus, and a click opens the tab', async () => {
    const opened: string[] = [];
    const tabs = await renderWithI18n(<GitHubTabs tab="branches" panelId="panel" onTab={(tab) => opened.push(tab)} />);
    expect(tabs).toHaveLength(5);
    expect(tabs[1]!.tabIndex).toBe(0);
    tabs[1]!.focus();
    fireEvent.keyDown(tabs[1]!, { key: 'Home' });
    expect(document.activeElement).toBe(tabs[0]);
    fireEvent.keyDown(tabs[0]!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tabs[4]);
    fireEvent.keyDown(tabs[4]!, { key: 'a' });
    expect(document.activeElement).toBe(tabs[4]);
    expect(opened).toEqual([]);
    fireEvent.click(tabs[4]!);
    expect(opened).toEqual(['fork']);
  });
});
