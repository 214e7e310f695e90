import { GhProxyError, type ProjectFiles } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import { fakeHost, LAMP_TS } from './extensions-test-host.ts';
import {
  atTag,
  dependenciesKey,
  ExtensionError,
  findUpdate,
  loadProjectExtensions,
  prepareExtension,
  withDependency,
  withoutDependency,
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
