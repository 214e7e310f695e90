import type { CloudStatus, ConflictChoice, ProjectSync } from '@blockyard/cloud';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/i18n.ts';
import { settle } from '../test/app-harness.tsx';
import { CloudStatusIndicator } from './CloudStatusIndicator.tsx';

afterEach(() => cleanup());

/** The part of ProjectSync the indicator uses, with a status the test sets. */
function fakeSync(initial: CloudStatus) {
  let status = initial;
  const listeners = new Set<() => void>();
  const chosen: ConflictChoice[] = [];
  const sync = {
    status: () => status,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    resolve: (_id: string, choice: ConflictChoice) => {
      chosen.push(choice);
      status = 'justSynced';
      for (const listener of listeners) listener();
      return Promise.resolve();
    },
  };
  const set = (next: CloudStatus) => {
    status = next;
    for (const listener of listeners) listener();
  };
  return { sync: sync as unknown as ProjectSync, set, chosen };
}

async function show(initial: CloudStatus, props: { compact?: boolean; resolvable?: boolean } = {}) {
  const fake = fakeSync(initial);
  const i18n = await createI18n('en');
  render(
    <I18nextProvider i18n={i18n}>
      <CloudStatusIndicator sync={fake.sync} projectId="p1" {...props} />
    </I18nextProvider>,
  );
  return fake;
}

describe('CloudStatusIndicator', () => {
  it('shows nothing while signed out', async () => {
    await show('none');
    expect(document.querySelector('.cloud-status')).toBeNull();
  });

  it('shows the short status, with the long one as tooltip and for screen readers', async () => {
    await show('offline');
    const status = screen.getByRole('status');
    expect(status.getAttribute('data-cloud-status')).toBe('offline');
    expect(status.textContent).toContain('Offline');
    expect(status.getAttribute('title')).toMatch(/Cannot reach your account while offline/);
    expect(status.querySelector('.visually-hidden')?.textContent).toMatch(/Your changes are safe on this device/);
  });

  it('follows the status as it changes', async () => {
    const { set } = await show('localEdits');
    expect(screen.getByRole('status').textContent).toContain('Not in your account yet');
    act(() => set('syncing'));
    expect(screen.getByRole('status').textContent).toContain('Saving to your account…');
    act(() => set('synced'));
    expect(screen.getByRole('status').textContent).toContain('In your account');
  });

  it('lets the editor settle a conflict, keeping both by default', async () => {
    const { chosen } = await show('conflict', { resolvable: true });
    const button = screen.getByRole('button', { name: /changed on another device/i });
    fireEvent.click(button);
    expect(screen.getByRole('dialog', { name: 'This project was changed on another device' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep both' }));
    await settle();
    expect(chosen).toEqual(['both']);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Saved to your account');
  });

  it('on a project card shows a conflict without the choice', async () => {
    await show('conflict', { compact: true });
    expect(screen.queryByRole('button')).toBeNull();
    expect(document.querySelector('.cloud-status')?.textContent).toContain('Changed on another device');
  });
});
