import { GhProxyError, type ProjectFiles } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import { fakeHost, LAMP_TS } from './extensions-test-host.ts';
import {
  atTag,
  dependenciesKey,
  ExtensionError,
  extensionHelpPath,
  findUpdate,
  loadProjectExtensions,
  prepareExtension,
  withDependency,
  withExtensionHelp,
  withoutDependency,
  type ProjectExtension,
} from './project-extensions.ts';

function project(dependencies: Record<string, string>): ProjectFiles {
  return {
    'pxt.json': JSON.stringify({ name: 'mine', files: ['main.ts'], dependencies, preferredEditor: 'blocksprj' }),
    'main.ts': '',
  };
}

async function reason(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ExtensionError);
  return (error as ExtensionError).reason;
}

describe('loadProjectExtensions', () => {
  it('gives the TypeScript of built-in and code-host extensions, not of the board libraries', async () => {
    const load = await loadProjectExtensions(
      project({ core: '*', radio: '*', 'servo-kit': '*', lamp: 'github:maker/pxt-lamp#v1.0.0' }),
      fakeHost(),
    );
    expect(load.extensions.map((e) => [e.id, e.kind, e.loaded])).toEqual([
      ['servo-kit', 'builtin', true],
      ['lamp', 'repository', true],
    ]);
    expect(load.extensions[1]).toMatchObject({ repo: 'maker/pxt-lamp', version: '1.0.0', description: 'A lamp' });
    expect(Object.keys(load.files).sort()).toEqual(['pxt_modules/lamp/lamp.ts', 'pxt_modules/servo-kit/servos.ts']);
    expect(load.files['pxt_modules/lamp/lamp.ts']).toBe(LAMP_TS);
  });

  it('reports a broken extension and still loads the others', async () => {
    const load = await loadProjectExtensions(
      project({ broken: 'github:maker/pxt-broken#v1.0.0', lamp: 'github:maker/pxt-lamp#v1.2.0' }),
      fakeHost(),
    );
    const broken = load.extensions.find((e) => e.id === 'broken');
    expect(broken?.loaded).toBe(false);
    expect(broken?.problem?.message).toMatch(/syntax error/i);
    expect(Object.keys(load.files)).toEqual(['pxt_modules/lamp/lamp.ts']);
  });

  it('never asks the host for a banned repository', async () => {
    const host = fakeHost();
    const load = await loadProjectExtensions(project({ flashy: 'github:banned-maker/pxt-flashy#v1.0.0' }), host);
    expect(load.extensions[0]).toMatchObject({ id: 'flashy', loaded: false });
    expect(host.calls).toEqual([]);
    expect(load.files).toEqual({});
  });

  it('has nothing to load for a project whose pxt.json cannot be read', async () => {
    const load = await loadProjectExtensions({ 'pxt.json': '{nope' }, fakeHost());
    expect(load.extensions).toEqual([]);
  });
});

describe('prepareExtension', () => {
  const mine = project({ core: '*' });

  it('takes the newest release when the id has no tag', async () => {
    const prepared = await prepareExtension('https://github.com/maker/pxt-lamp', mine, fakeHost());
    expect(prepared).toMatchObject({ id: 'lamp', spec: 'github:maker/pxt-lamp#v1.2.0', version: '1.2.0' });
    expect(prepared.readme).toBe('# Lamp\n');
  });

  it('keeps the tag it is given', async () => {
    const prepared = await prepareExtension('maker/pxt-lamp#v1.0.0', mine, fakeHost());
    expect(prepared.spec).toBe('github:maker/pxt-lamp#v1.0.0');
  });

  it('offers our own extensions by name', async () => {
    const prepared = await prepareExtension('servo-kit', mine, undefined);
    expect(prepared).toMatchObject({ id: 'servo-kit', spec: '*' });
  });

  it('refuses each failure with its own reason', async () => {
    expect(await reason(prepareExtension('not a repo!', mine, fakeHost()))).toBe('notRecognised');
    expect(await reason(prepareExtension('maker/pxt-nothing', mine, fakeHost()))).toBe('notFound');
    expect(await reason(prepareExtension('maker/pxt-lamp#v9.9.9', mine, fakeHost()))).toBe('notFound');
    expect(await reason(prepareExtension('maker/pxt-draft', mine, fakeHost()))).toBe('noRelease');
    expect(await reason(prepareExtension('maker/pxt-broken#v1.0.0', mine, fakeHost()))).toBe('broken');
    expect(await reason(prepareExtension('maker/pxt-empty#v1.0.0', mine, fakeHost()))).toBe('broken');
    expect(await reason(prepareExtension('servo-kit', project({ 'servo-kit': '*' }), fakeHost()))).toBe('alreadyAdded');
    expect(await reason(prepareExtension('maker/pxt-lamp', mine, undefined))).toBe('noServer');
  });

  it('refuses a banned repository without asking the host', async () => {
    const host = fakeHost();
    expect(await reason(prepareExtension('github:banned-maker/pxt-flashy-lights', mine, host))).toBe('banned');
    expect(host.calls).toEqual([]);
  });

  it("turns the proxy's refusals into reasons, keeping its words as the detail", async () => {
    const tooBig = new GhProxyError('This extension is too big (over 4 MB).', 413);
    const error = await prepareExtension('maker/pxt-lamp#v1.0.0', mine, fakeHost(tooBig)).catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: 'tooBig', detail: 'This extension is too big (over 4 MB).' });
    expect(await reason(prepareExtension('maker/pxt-lamp', mine, fakeHost(new GhProxyError('x', 403))))).toBe('banned');
    expect(await reason(prepareExtension('maker/pxt-lamp', mine, fakeHost(new GhProxyError('x', 0))))).toBe(
      'unreachable',
    );
  });
});

describe('findUpdate', () => {
  const lamp = (spec: string) =>
    ({ id: 'lamp', spec, kind: 'repository', description: '', repo: 'maker/pxt-lamp', loaded: true }) as const;

  it('offers the newest release above the one pxt.json names', async () => {
    expect(await findUpdate(lamp('github:maker/pxt-lamp#v1.0.0'), fakeHost())).toBe('v1.2.0');
    expect(await findUpdate(lamp('github:maker/pxt-lamp#v1.2.0'), fakeHost())).toBeUndefined();
    expect(await findUpdate(lamp('github:maker/pxt-lamp#v2.0.0'), fakeHost())).toBeUndefined();
  });

  it('offers nothing for a built-in, a tag that is not a version, no server or a failing host', async () => {
    const servo = { id: 'servo-kit', spec: '*', kind: 'builtin', description: '', loaded: true } as const;
    expect(await findUpdate(servo, fakeHost())).toBeUndefined();
    expect(await findUpdate(lamp('github:maker/pxt-lamp#main'), fakeHost())).toBeUndefined();
    expect(await findUpdate(lamp('github:maker/pxt-lamp#v1.0.0'), undefined)).toBeUndefined();
    const down = fakeHost(new GhProxyError('The code host is busy right now.', 503));
    expect(await findUpdate(lamp('github:maker/pxt-lamp#v1.0.0'), down)).toBeUndefined();
  });

  it('names the same repository at another tag', () => {
    expect(atTag('github:maker/pxt-lamp/sub#v1.0.0', 'v1.2.0')).toBe('github:maker/pxt-lamp/sub#v1.2.0');
    expect(atTag('not a repository', 'v1.2.0')).toBeUndefined();
  });
});

describe('pxt.json dependencies', () => {
  it('adds and removes one, keeping everything else', () => {
    const before = project({ core: '*' });
    const added = withDependency(before, 'lamp', 'github:maker/pxt-lamp#v1.0.0');
    expect(JSON.parse(added)).toMatchObject({
      preferredEditor: 'blocksprj',
      dependencies: { core: '*', lamp: 'github:maker/pxt-lamp#v1.0.0' },
    });
    const removed = withoutDependency({ 'pxt.json': added }, 'lamp');
    expect(JSON.parse(removed)).toMatchObject({ preferredEditor: 'blocksprj', dependencies: { core: '*' } });
  });

  it('keys projects by their dependencies only', () => {
    const a = project({ core: '*', lamp: 'x' });
    expect(dependenciesKey(a)).toBe(dependenciesKey({ ...a, 'main.ts': 'changed' }));
    expect(dependenciesKey(a)).not.toBe(dependenciesKey(project({ core: '*' })));
  });
});

describe('extension help pages', () => {
  const lamp: ProjectExtension = {
    id: 'lamp',
    spec: 'github:maker/pxt-lamp#v1.2.0',
    kind: 'repository',
    description: '',
    loaded: true,
  };
  const servo: ProjectExtension = { id: 'servo-kit', spec: '*', kind: 'builtin', description: '', loaded: true };

  it('names the help page of the version the project uses', () => {
    expect(extensionHelpPath(lamp)).toBe('/pkg/maker/pxt-lamp/v1.2.0');
    expect(extensionHelpPath(servo)).toBe('/pkg/servo-kit');
    // A package in a folder of a repository has no help address.
    expect(extensionHelpPath({ ...lamp, spec: 'github:maker/kits/lamp#v1.0.0' })).toBeUndefined();
  });

  it("points each extension block's Help item at its block on that page, unless it names its own", () => {
    const fn = (qName: string, help?: string) => ({
      qName,
      name: qName.split('.')[1]!,
      kind: 'function' as const,
      owner: qName.split('.')[0]!,
      category: qName.split('.')[0]!,
      parameters: [],
      returnType: 'void',
      doc: '',
      weight: 50,
      advanced: false,
      deprecated: false,
      blockHidden: false,
      identity: false,
      attributes: {},
      ...(help ? { help } : {}),
    });
    const metadata = {
      namespaces: {},
      functions: { 'lamp.on': fn('lamp.on'), 'lamp.off': fn('lamp.off', 'lamp/off'), 'servos.stop': fn('servos.stop') },
      enums: {},
      enumConstants: {},
    };
    const out = withExtensionHelp(metadata, { 'lamp.on': 'lamp', 'lamp.off': 'lamp', 'servos.stop': 'servo-kit' }, [
      lamp,
      servo,
    ]);
    expect(out.functions['lamp.on']?.helpUrl).toBe('/pkg/maker/pxt-lamp/v1.2.0#lamp-on');
    expect(out.functions['lamp.off']?.helpUrl).toBeUndefined();
    expect(out.functions['servos.stop']?.helpUrl).toBe('/pkg/servo-kit#servos-stop');
  });
});
