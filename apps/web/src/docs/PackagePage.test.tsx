import { GhProxyError } from '@blockyard/core';
import { microbitLibraryFiles } from '@blockyard/board-microbit';
import { apiPythonName, pythonNames, readExtensionApi, typeScriptToPython } from '@blockyard/language';
import type { ExtensionsAnswer, ServiceRequest } from '@blockyard/compiler-worker';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import ts from 'typescript';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EditorEnvironment } from '../editor/editor-environment.ts';
import { buildProjectDownload } from '../editor/files/download-project.ts';
import { fakeHost } from '../extensions/extensions-test-host.ts';
import type { ExtensionHost } from '../extensions/project-extensions.ts';
import { renderApp } from '../test/app-harness.tsx';

afterEach(() => cleanup());

/** The board's library with the extension's sources, as the worker's Python converter reads them. */
const namesWith = (files: Record<string, string>) =>
  pythonNames(ts, [
    ...microbitLibraryFiles,
    ...Object.entries(files).map(([name, text]) => ({ name, text, provides: 'host' as const })),
  ]);

/**
 * The worker's `readExtensions` and `readExtensionsPython` for one extension, without starting a
 * compiler (their own test is packages/sim's editor-services-extensions.test.ts).
 */
const readingEditor: EditorEnvironment = {
  compiler: () =>
    ({
      service(request: ServiceRequest): Promise<ExtensionsAnswer | (string | null)[]> {
        if (request.op === 'readExtensionsPython') {
          const names = namesWith(request.files);
          return Promise.resolve(request.code.map((code) => typeScriptToPython(ts, code, names).code.trimEnd()));
        }
        if (request.op !== 'readExtensions') throw new Error(`unexpected ${request.op}`);
        const api = readExtensionApi(ts, request.files);
        const id = /^pxt_modules\/([^/]+)\//.exec(Object.keys(request.files)[0] ?? '')?.[1] ?? '';
        const packageOf = Object.fromEntries(Object.keys(api.metadata.functions).map((qName) => [qName, id]));
        const names = namesWith(request.files);
        const python = Object.values(api.metadata.functions).map((fn): [string, string] => [
          fn.qName,
          apiPythonName(names, fn),
        ]);
        return Promise.resolve({
          metadata: api.metadata,
          boardOnly: {},
          packageOf,
          pythonNames: Object.fromEntries(python),
        });
      },
    }) as never,
  createSimulator: () => {
    throw new Error('no simulator on help pages');
  },
  buildDownload: buildProjectDownload,
};

async function openPackage(path: string, extensions?: ExtensionHost) {
  const app = await renderApp(path, { editor: readingEditor, ...(extensions ? { extensions } : {}) });
  // The first visit loads the docs chunk and, in tests, builds the help pages from the API (slow).
  await screen.findByRole('navigation', { name: 'Contents' }, { timeout: 170_000 });
  return app;
}

/** The page once the extension has loaded or failed to. */
async function settled() {
  await screen.findByText(/Help for the blocks this extension adds|Cannot load extension/, undefined, {
    timeout: 60_000,
  });
}

describe('PackagePage', { timeout: 240_000 }, () => {
  it("lists a built-in extension's blocks: picture, words, signature and parameters", async () => {
    await openPackage('/pkg/servo-kit');
    await settled();
    expect(screen.getByRole('heading', { level: 1, name: 'Extension: servo-kit' })).toBeTruthy();
    expect(screen.getByText(/Turn standard servos to an angle/)).toBeTruthy();
    expect(screen.getByText(/Built into Blockyard · Version 1.0.0/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Servos' })).toBeTruthy();
    const setAngle = screen.getByRole('region', { name: 'servos.setAngle' });
    // The Help item of the block leads to this anchor.
    expect(setAngle.id).toBe('servos-set-angle');
    expect(within(setAngle).getByText("Turn a standard servo's arm to an angle.")).toBeTruthy();
    const picture = within(setAngle).getByRole('img', { name: /^Block: set servo P0 angle to 90/ });
    expect(picture.getAttribute('style')).toContain('#7c3aed');
    expect(within(setAngle).getByText(/the angle, from 0 to 180/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'servos.stop' })).toBeTruthy();
    // Its Python signature, by the Python converter's names.
    // (the first Python tab is the signature's, the second the example's)
    fireEvent.click(within(setAngle).getAllByRole('tab', { name: 'Python' })[0]!);
    expect(within(setAngle).getByText(/^servos\.set_angle\(pin: /)).toBeTruthy();
    // Its example, in JavaScript and in Python.
    const example = within(setAngle).getByRole('region', { name: 'Example' });
    expect(within(example).getByText(/^servos\.setAngle\(/)).toBeTruthy();
    fireEvent.click(within(example).getByRole('tab', { name: 'Python' }));
    expect(within(example).getByText(/^servos\.set_angle\(/)).toBeTruthy();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem');
    expect(crumbs.map((li) => li.textContent)).toEqual(['Guides', 'Blocks', 'servo-kit']);
  });

  it('lists the blocks of an extension on the code host at its newest release', async () => {
    const host = fakeHost();
    await openPackage('/pkg/maker/pxt-lamp', host);
    await settled();
    expect(screen.getByRole('heading', { level: 1, name: 'Extension: lamp' })).toBeTruthy();
    expect(screen.getByText(/From maker\/pxt-lamp#v1.2.0 on GitHub · Version 1.2.0/)).toBeTruthy();
    const on = screen.getByRole('region', { name: 'lamp.on' });
    expect(on.id).toBe('lamp-on');
    expect(within(on).getByRole('img', { name: 'Block: lamp on' })).toBeTruthy();
  });

  it("opens an extension block's example in a new project that has the extension", async () => {
    const app = await openPackage('/pkg/servo-kit');
    await settled();
    const setAngle = screen.getByRole('region', { name: 'servos.setAngle' });
    fireEvent.click(within(setAngle).getByRole('button', { name: 'Open in the editor and run' }));
    await vi.waitFor(() => expect(app.path()).toMatch(/^\/projects\//), { timeout: 10_000 });
    const project = await app.store.get(app.path().split('/').pop()!);
    expect(project.files['main.ts']).toMatch(/^servos\.setAngle\(/);
    const config = JSON.parse(project.files['pxt.json']!) as { dependencies: Record<string, string> };
    expect(config.dependencies).toMatchObject({ 'servo-kit': '*' });
  });

  it('shows the release an address names', async () => {
    await openPackage('/pkg/maker/pxt-lamp/v1.0.0', fakeHost());
    await settled();
    expect(screen.getByText(/From maker\/pxt-lamp#v1.0.0 on GitHub · Version 1.0.0/)).toBeTruthy();
  });

  it('says plainly when an extension cannot be loaded, with the reason under Details', async () => {
    await openPackage('/pkg/maker/pxt-broken/v1.0.0', fakeHost());
    await settled();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Cannot load extension pxt-broken from maker/pxt-broken');
    expect(alert.textContent).toContain('The extension maker/pxt-broken is broken, so it cannot be used.');
    expect(within(alert).getByText('Details')).toBeTruthy();
  });

  it('says when the code host cannot be reached or the extension is not there', async () => {
    await openPackage('/pkg/maker/pxt-lamp', fakeHost(new GhProxyError('The code host did not answer.', 502)));
    await settled();
    expect(screen.getByRole('alert').textContent).toContain('Cannot load extension pxt-lamp from maker/pxt-lamp');
    cleanup();
    await openPackage('/pkg/no-such-extension');
    await settled();
    expect(screen.getByRole('alert').textContent).toContain(
      'There is no extension at no-such-extension. Check the address and try again.',
    );
  });

  it('says when an address names no extension', async () => {
    await openPackage('/pkg/a/b/c/d');
    expect(screen.getByRole('heading', { level: 1, name: 'No such extension' })).toBeTruthy();
  });
});
