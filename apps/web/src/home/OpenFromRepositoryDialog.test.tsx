import { GhProxyError, MemoryPackageFetcher } from '@blockyard/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExtensionHost } from '../extensions/project-extensions.ts';
import { createI18n } from '../i18n/i18n.ts';
import type { RepositoryProject } from '../projects/import/repository-import.ts';
import { settle } from '../test/app-harness.tsx';
import { OpenFromRepositoryDialog } from './OpenFromRepositoryDialog.tsx';

afterEach(() => cleanup());

const files = {
  'pxt.json': JSON.stringify({ name: 'Robot dance', dependencies: { core: '*' }, files: ['main.ts'] }),
  'main.ts': 'basic.showIcon(IconNames.Happy)\n',
};

function host(fail?: GhProxyError): ExtensionHost {
  const memory = new MemoryPackageFetcher().addRepository('github:kids/robot-dance#v1.0.0', files);
  return {
    fetch: (source) => (fail ? Promise.reject(fail) : memory.fetch(source)),
    refs: () => (fail ? Promise.reject(fail) : Promise.resolve({ 'refs/tags/v1.0.0': 'a' })),
    search: () => Promise.resolve([]),
  };
}

async function open(given: ExtensionHost | undefined) {
  const opened: RepositoryProject[] = [];
  let closed = 0;
  const i18n = await createI18n('en');
  render(
    <I18nextProvider i18n={i18n}>
      <OpenFromRepositoryDialog
        open
        host={given}
        onClose={() => closed++}
        onOpen={(project) => {
          opened.push(project);
          return Promise.resolve();
        }}
      />
    </I18nextProvider>,
  );
  const submit = async (text: string) => {
    fireEvent.change(screen.getByLabelText(/Repository name or address/), { target: { value: text } });
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    await settle();
  };
  return { opened, closed: () => closed, submit };
}

describe('OpenFromRepositoryDialog', () => {
  it('opens the project of a repository and closes', async () => {
    const dialog = await open(host());
    await dialog.submit('https://github.com/kids/robot-dance');
    expect(dialog.opened.map((p) => [p.name, p.source])).toEqual([['Robot dance', 'github:kids/robot-dance#v1.0.0']]);
    expect(dialog.closed()).toBe(1);
  });

  it('says in plain words why a repository cannot be opened, with the reason under Details', async () => {
    const dialog = await open(
      host(new GhProxyError('The file big.ts in this extension is too big (over 512 KB).', 413)),
    );
    await dialog.submit('kids/robot-dance');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The project in kids/robot-dance is too big to open.');
    expect(within(alert).getByText(/big\.ts in this extension is too big/)).toBeTruthy();
    expect(dialog.opened).toEqual([]);
    expect(dialog.closed()).toBe(0);
  });

  it('refuses what is not a repository, and explains that nothing can come without a server', async () => {
    const dialog = await open(undefined);
    await dialog.submit('just some words');
    expect(screen.getByRole('alert').textContent).toContain('“just some words” is not a repository name or address');
    await dialog.submit('kids/robot-dance');
    expect(screen.getByRole('alert').textContent).toContain('Blockyard could not reach the code host.');
  });
});
