import { GhProxyError, type ProjectFiles } from '@blockyard/core';
import type { ServiceRequest } from '@blockyard/compiler-worker';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/i18n.ts';
import { settle } from '../test/app-harness.tsx';
import { ExtensionsController } from './extensions-controller.ts';
import { ExtensionsDialog } from './ExtensionsDialog.tsx';
import { fakeHost, LAMP_TS, memoryAutosave } from './extensions-test-host.ts';
import type { ExtensionHost } from './project-extensions.ts';

afterEach(() => cleanup());

const LAMP_METADATA = {
  namespaces: {
    lamp: { name: 'lamp', label: 'Lamp', weight: 50, advanced: false, groups: [], doc: '', attributes: {} },
  },
  functions: {},
  enums: {},
  enumConstants: {},
};

function project(dependencies: Record<string, string>): ProjectFiles {
  return {
    'pxt.json': JSON.stringify({ name: 'mine', files: ['main.ts'], dependencies }, null, 4),
    'main.ts': 'basic.showNumber(1)\n',
  };
}

/** `host` null: a page with no server behind it. */
async function openDialog(files: ProjectFiles, host: ExtensionHost | null = fakeHost()) {
  const autosave = memoryAutosave(files);
  const sent: Record<string, string>[] = [];
  let changed = 0;
  const controller = new ExtensionsController({
    autosave,
    host: host ?? undefined,
    compiler: {
      service<R extends ServiceRequest>(request: R) {
        if (request.op !== 'extensions') throw new Error(`unexpected ${request.op}`);
        sent.push(request.files);
        const hasLamp = Object.keys(request.files).some((name) => name.startsWith('pxt_modules/lamp/'));
        return Promise.resolve({
          metadata: hasLamp ? LAMP_METADATA : { namespaces: {}, functions: {}, enums: {}, enumConstants: {} },
          boardOnly: hasLamp ? { lamp: ['lamp.flash'] } : {},
        }) as never;
      },
    },
  });
  controller.onFilesChanged(() => changed++);
  await controller.start();
  const i18n = await createI18n('en');
  render(
    <I18nextProvider i18n={i18n}>
      <ExtensionsDialog
        open
        onClose={() => undefined}
        controller={controller}
        projectFiles={() => autosave.getContent().files}
      />
    </I18nextProvider>,
  );
  await settle();
  return { autosave, controller, sent, changes: () => changed };
}

async function click(name: string | RegExp, within_?: HTMLElement) {
  fireEvent.click((within_ ? within(within_) : screen).getByRole('button', { name }));
  await settle();
}

async function search(text: string) {
  fireEvent.change(screen.getByRole('searchbox', { name: /Search for an extension/ }), { target: { value: text } });
  await click('Search');
}

function dependencies(autosave: ReturnType<typeof memoryAutosave>): Record<string, string> {
  return (JSON.parse(autosave.getContent().files['pxt.json']!) as { dependencies: Record<string, string> })
    .dependencies;
}

describe('ExtensionsDialog', () => {
  it('lists our own extensions and adds one, whose code then compiles with the program', async () => {
    const { autosave, controller, sent, changes } = await openDialog(project({ core: '*' }));
    expect(screen.getByText('This project uses no extensions yet.')).toBeTruthy();
    expect(screen.getByText('servo-kit')).toBeTruthy();
    expect(screen.getByText('distance-sensor')).toBeTruthy();
    await click('Details: servo-kit');
    expect(screen.getByRole('heading', { name: 'servo-kit' })).toBeTruthy();
    expect(screen.getByText('Version 1.0.0')).toBeTruthy();
    // Its help page (its blocks) opens in a new tab, as a block's Help item does.
    const help = screen.getByRole('link', { name: 'Help for servo-kit' });
    expect([help.getAttribute('href'), help.getAttribute('target')]).toEqual(['/pkg/servo-kit', '_blank']);
    await click('Add to project');
    expect(screen.getByRole('status').textContent).toBe('servo-kit is added. Its blocks are in the toolbox.');
    expect(dependencies(autosave)).toEqual({ core: '*', 'servo-kit': '*' });
    expect(Object.keys(controller.files())).toEqual(['pxt_modules/servo-kit/servos.ts']);
    expect(Object.keys(sent.at(-1)!)).toEqual(['pxt_modules/servo-kit/servos.ts']);
    expect(changes()).toBe(1);
    const inProject = screen.getByRole('region', { name: 'In this project' });
    expect(within(inProject).getByText('servo-kit')).toBeTruthy();
  });

  it('searches the code host, shows the details and README, and adds the newest release', async () => {
    const { autosave, controller } = await openDialog(project({ core: '*' }));
    await search('lamp');
    expect(screen.getByText('A lamp on a pin')).toBeTruthy();
    await click('Details: pxt-lamp');
    expect(screen.getByText('Version 1.2.0')).toBeTruthy();
    expect(screen.getByText('# Lamp')).toBeTruthy();
    await click('Add to project');
    expect(dependencies(autosave)).toEqual({ core: '*', lamp: 'github:maker/pxt-lamp#v1.2.0' });
    expect(controller.files()).toEqual({ 'pxt_modules/lamp/lamp.ts': LAMP_TS });
    expect(controller.getState().metadata?.namespaces).toHaveProperty('lamp');
    expect(screen.getByText('Works only on the board, not in the simulator: lamp.flash.')).toBeTruthy();
    // The help page of the release in the project.
    expect(screen.getByRole('link', { name: 'Help for lamp' }).getAttribute('href')).toBe('/pkg/maker/pxt-lamp/v1.2.0');
  });

  it('takes a pasted address without searching', async () => {
    const host = fakeHost();
    const { autosave } = await openDialog(project({}), host);
    await search('https://github.com/maker/pxt-lamp');
    await click('Details: pxt-lamp');
    await click('Add to project');
    expect(dependencies(autosave)).toEqual({ lamp: 'github:maker/pxt-lamp#v1.2.0' });
    expect(host.calls).not.toContain('search');
  });

  it('removes an extension from pxt.json only, and its code from the program', async () => {
    const { autosave, controller, sent } = await openDialog(
      project({ core: '*', lamp: 'github:maker/pxt-lamp#v1.0.0' }),
    );
    const mainBefore = autosave.getContent().files['main.ts'];
    await click('Remove lamp');
    expect(dependencies(autosave)).toEqual({ core: '*' });
    expect(autosave.getContent().files['main.ts']).toBe(mainBefore);
    expect(controller.files()).toEqual({});
    expect(sent.at(-1)).toEqual({});
    expect(screen.getByRole('status').textContent).toMatch(/lamp is removed/);
  });

  it('offers a newer release, asks before changing pxt.json, and can take the update back', async () => {
    const { autosave, controller } = await openDialog(project({ core: '*', lamp: 'github:maker/pxt-lamp#v1.0.0' }));
    const before = autosave.getContent().files;
    await click('Update lamp to v1.2.0');
    expect(screen.getByText('Version 1.2.0 will replace version 1.0.0 in this project.')).toBeTruthy();
    expect(autosave.getContent().files).toBe(before);
    await click('Update');
    expect(dependencies(autosave)).toEqual({ core: '*', lamp: 'github:maker/pxt-lamp#v1.2.0' });
    expect(screen.getByRole('status').textContent).toBe('lamp is updated to version 1.2.0.');
    expect(controller.getState().load.extensions[0]).toMatchObject({ id: 'lamp', version: '1.2.0' });
    // At the newest release, nothing more is offered.
    expect(screen.queryByRole('button', { name: /^Update lamp/ })).toBeNull();
    await click('Undo the update');
    expect(dependencies(autosave)).toEqual({ core: '*', lamp: 'github:maker/pxt-lamp#v1.0.0' });
    expect(screen.getByRole('status').textContent).toBe('lamp is back to the version it had before.');
    expect(controller.getState().load.extensions[0]).toMatchObject({ version: '1.0.0' });
  });

  it('offers no update for our own extensions or without a server', async () => {
    await openDialog(project({ 'servo-kit': '*', lamp: 'github:maker/pxt-lamp#v1.0.0' }), null);
    expect(screen.queryByRole('button', { name: /^Update / })).toBeNull();
  });

  it.each([
    [
      'github:banned-maker/pxt-flashy-lights',
      'The extension banned-maker/pxt-flashy-lights is blocked and cannot be added.',
    ],
    ['maker/pxt-nothing', 'There is no extension at maker/pxt-nothing. Check the address and try again.'],
    [
      'maker/pxt-broken#v1.0.0',
      'The extension maker/pxt-broken is broken, so it cannot be used. Your project is unchanged.',
    ],
    ['maker/pxt-draft', 'maker/pxt-draft has no released version yet. Ask its author to publish one.'],
  ])('says in plain words why %s cannot be added, and changes nothing', async (ref, words) => {
    const { autosave } = await openDialog(project({ core: '*' }));
    const before = autosave.getContent().files;
    await search(ref);
    await click(/^Details: /);
    expect(screen.getByRole('alert').textContent).toContain(words);
    expect(autosave.getContent().files).toBe(before);
    expect(screen.queryByRole('button', { name: 'Add to project' })).toBeNull();
  });

  it("explains a too-big extension with the server's reason under Details", async () => {
    const host = fakeHost(new GhProxyError('This extension is too big (over 4 MB).', 413));
    await openDialog(project({}), host);
    await search('maker/pxt-lamp#v1.0.0');
    await click(/^Details: /);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The extension maker/pxt-lamp is too big to load.');
    expect(
      within(alert).getByText(/Cannot load extension pxt-lamp from maker\/pxt-lamp: This extension is too big/),
    ).toBeTruthy();
  });

  it('shows why an extension of the project did not load', async () => {
    await openDialog(project({ broken: 'github:maker/pxt-broken#v1.0.0' }));
    const inProject = screen.getByRole('region', { name: 'In this project' });
    expect(within(inProject).getByText(/This extension could not be loaded: Syntax error/i)).toBeTruthy();
  });

  it('without a server, offers our own extensions and says why others cannot come', async () => {
    await openDialog(project({}), null);
    await search('maker/pxt-lamp');
    await click(/^Details: /);
    expect(screen.getByRole('alert').textContent).toContain('Blockyard could not reach the code host.');
    await search('servo');
    expect(screen.getByText('servo-kit')).toBeTruthy();
  });
});
