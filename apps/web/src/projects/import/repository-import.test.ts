import { GhProxyError, MemoryPackageFetcher, type ProjectFiles } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import type { ExtensionHost } from '../../extensions/project-extensions.ts';
import { checkRepositoryProject, importFromRepository, RepositoryImportError } from './repository-import.ts';

const robot: ProjectFiles = {
  'pxt.json': JSON.stringify({
    name: 'Robot dance',
    dependencies: { core: '*' },
    files: ['main.blocks', 'main.ts', 'README.md'],
    preferredEditor: 'blocksprj',
  }),
  'main.blocks': '<xml xmlns="https://developers.google.com/blockly/xml"></xml>',
  'main.ts': 'basic.showIcon(IconNames.Happy)\n',
  'README.md': '# Robot dance\n',
};

/** A host over memory; `fail` makes every call answer like the proxy refusing. */
function host(fail?: GhProxyError): ExtensionHost & { calls: string[] } {
  const memory = new MemoryPackageFetcher()
    .addRepository('github:kids/robot-dance#v1.0.0', robot)
    .addRepository('github:kids/robot-dance#v2.0.0', { ...robot, 'main.ts': 'basic.showNumber(2)\n' })
    .addRepository('github:kids/sketch#main', robot)
    .addRepository('github:kids/not-a-project#v1.0.0', { 'README.md': '# Notes\n' });
  const refs: Record<string, Record<string, string>> = {
    'kids/robot-dance': { 'refs/tags/v1.0.0': 'a', 'refs/tags/v2.0.0': 'b', 'refs/heads/main': 'c' },
    'kids/sketch': { 'refs/heads/main': 'd', 'refs/heads/try-out': 'e' },
    'kids/not-a-project': { 'refs/tags/v1.0.0': 'f' },
  };
  const calls: string[] = [];
  return {
    calls,
    fetch: (source) => {
      calls.push('fetch');
      return fail ? Promise.reject(fail) : memory.fetch(source);
    },
    refs: (owner, project) => {
      calls.push('refs');
      return fail ? Promise.reject(fail) : Promise.resolve(refs[`${owner}/${project}`] ?? null);
    },
    search: () => Promise.resolve([]),
  };
}

async function reason(promise: Promise<unknown>): Promise<RepositoryImportError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RepositoryImportError);
  return error as RepositoryImportError;
}

describe('importFromRepository', () => {
  it('opens the newest release of a project, with the files its pxt.json lists', async () => {
    const project = await importFromRepository('https://github.com/kids/robot-dance', host());
    expect(project.name).toBe('Robot dance');
    expect(project.source).toBe('github:kids/robot-dance#v2.0.0');
    expect(project.files['main.ts']).toBe('basic.showNumber(2)\n');
    expect(Object.keys(project.files).sort()).toEqual(['README.md', 'main.blocks', 'main.ts', 'pxt.json']);
  });

  it('keeps the tag it is given, and reads the main branch of a project never released', async () => {
    expect((await importFromRepository('kids/robot-dance#v1.0.0', host())).files['main.ts']).toBe(
      'basic.showIcon(IconNames.Happy)\n',
    );
    expect((await importFromRepository('github:kids/sketch', host())).source).toBe('github:kids/sketch#main');
  });

  it('refuses, each with its own reason, and never asks about a banned repository', async () => {
    expect((await reason(importFromRepository('not a repository', host()))).reason).toBe('notRecognised');
    const h = host();
    expect((await reason(importFromRepository('banned-maker/pxt-flashy-lights', h))).reason).toBe('banned');
    expect(h.calls).toEqual([]);
    expect((await reason(importFromRepository('kids/nothing', host()))).reason).toBe('notFound');
    expect((await reason(importFromRepository('kids/robot-dance', undefined))).reason).toBe('noServer');
    const notProject = await reason(importFromRepository('kids/not-a-project', host()));
    expect(notProject).toMatchObject({
      reason: 'notAProject',
      detail: 'there is no pxt.json at the top of the repository',
    });
  });

  it("turns the proxy's refusals (too big, busy) into reasons with its words as the detail", async () => {
    const tooBig = new GhProxyError('The file big.ts in this extension is too big (over 512 KB).', 413);
    expect(await reason(importFromRepository('kids/robot-dance#v1.0.0', host(tooBig)))).toMatchObject({
      reason: 'tooBig',
      ref: 'kids/robot-dance',
      detail: 'The file big.ts in this extension is too big (over 512 KB).',
    });
    const busy = new GhProxyError('The code host is busy right now. Wait a minute and try again.', 503);
    expect((await reason(importFromRepository('kids/robot-dance', host(busy)))).reason).toBe('unreachable');
  });
});

describe('checkRepositoryProject', () => {
  it('needs a pxt.json that reads, its listed files, and a program', () => {
    const check = (files: ProjectFiles) => {
      try {
        checkRepositoryProject(files, 'kids/x');
        return 'ok';
      } catch (error) {
        return (error as RepositoryImportError).detail;
      }
    };
    expect(check(robot)).toBe('ok');
    expect(check({ ...robot, 'pxt.json': '{ "name": ' })).toMatch(/pxt\.json|JSON|syntax/i);
    const { 'main.blocks': _blocks, ...withoutBlocks } = robot;
    expect(check(withoutBlocks)).toBe('pxt.json lists files that are not there: main.blocks');
    expect(
      check({
        'pxt.json': JSON.stringify({ name: 'notes', dependencies: {}, files: ['README.md'] }),
        'README.md': '# notes',
      }),
    ).toBe('it has no main.blocks, main.ts or main.py');
  });

  it('gives a project a usable name whatever pxt.json says', () => {
    const odd = {
      ...robot,
      'pxt.json': JSON.stringify({ name: '\u0007\u0007', dependencies: {}, files: ['main.ts'] }),
    };
    expect(checkRepositoryProject(odd, 'kids/robot-dance').name).toBe('robot-dance');
  });
});
