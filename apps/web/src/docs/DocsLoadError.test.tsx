import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/i18n.ts';
import { DocsLoadError } from './DocsLoadError.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A route whose page cannot load (as the docs chunk offline), with the docs' error page. */
async function failingPage() {
  const root = createRootRoute({
    component: () => {
      throw new TypeError('Failed to fetch dynamically imported module: /assets/DocsPage.js');
    },
    errorComponent: DocsLoadError,
  });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/docs'] }) });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  render(
    <I18nextProvider i18n={await createI18n('en')}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

describe('DocsLoadError', () => {
  it('says plainly that help needs the internet when the browser is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await failingPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Help needs the internet' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Your projects are safe.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    // No technical words.
    expect(screen.getByRole('alert').textContent).not.toContain('dynamically imported');
  });

  it('says the page did not load when online', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    await failingPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'This help page did not load' })).toBeTruthy();
  });
});
