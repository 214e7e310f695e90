import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GhPackageAnswer, GhRefsAnswer, GhSearchAnswer, HttpClient } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import { main } from '../main.ts';
import { tempWorkspace } from '../test/cli-harness.ts';
import { newestTag } from './extensions.ts';

const servoKitDir = join(import.meta.dirname, '..', '..', '..', '..', 'content', 'extensions', 'servo-kit');
const servoKit = () =>
  Object.fromEntries(
    ['pxt.json', 'servos.ts', 'README.md', 'test.ts'].map((name) => [
      name,
      readFileSync(join(servoKitDir, name), 'utf8'),
    ]),
  );

/**
 * The server's code-host proxy, in memory, with the answer shapes of core's gh-api.ts (the real
 * proxy over the real local code host is tested in apps/server/src/routes/gh-proxy.test.ts).
 */
function fakeServer(down = false) {
  const requests: string[] = [];
  const distance = (version: string, extra: Record<string, string> = {}) => ({
    'pxt.json': JSON.stringify({
      name: 'distance-sensor',
      version,
      files: ['distance.ts'],
      dependencies: { core: '*' },
    }),
    'distance.ts': 'namespace distance {}',
    ...extra,
  });
  const answers: Record<string, unknown> = {
    '/api/gh/blockyard-test/pxt-distance-sensor/refs': {
      refs: {
        'refs/heads/main': 'c'.repeat(40),
        'refs/tags/v1.0.0': 'a'.repeat(40),
        'refs/tags/v1.10.0': 'c'.repeat(40),
        'refs/tags/v1.9.0': 'b'.repeat(40),
        'refs/tags/nightly': 'd'.repeat(40),
      },
    } satisfies GhRefsAnswer,
    '/api/gh/blockyard-test/pxt-distance-sensor/pkg?tag=v1.0.0': { sha: 'a'.repeat(40), files: distance('1.0.0') },
    '/api/gh/blockyard-test/pxt-distance-sensor/pkg?tag=v1.10.0': { sha: 'c'.repeat(40), files: distance('1.10.0') },
    '/api/gh/blockyard-test/pxt-missing-file/pkg?tag=v1.0.0': {
      sha: 'e'.repeat(40),
      files: { 'pxt.json': JSON.stringify({ name: 'missing-file', files: ['gone.ts'], dependencies: {} }) },
    } satisfies GhPackageAnswer,
    '/api/gh/blockyard-test/pxt-untagged/refs': { refs: { 'refs/heads/main': 'f'.repeat(40) } },
    '/api/ghsearch/microbit/microbit?q=distance': {
      items: [
        {
          owner: 'blockyard-test',
          slug: 'blockyard-test/pxt-distance-sensor',
          fullName: 'blockyard-test/pxt-distance-sensor',
          name: 'pxt-distance-sensor',
          description: 'Ultrasonic distance sensor blocks',
          defaultBranch: 'main',
          updatedAt: '2026-01-02T00:00:00.000Z',
          fork: false,
          private: false,
          status: 'Approved',
        },
        {
          owner: 'someone',
          slug: 'someone/pxt-sonar',
          fullName: 'someone/pxt-sonar',
          name: 'pxt-sonar',
          description: '',
          defaultBranch: 'main',
          updatedAt: '2026-01-02T00:00:00.000Z',
          fork: false,
          private: false,
          status: 'Unknown',
        },
      ],
    } satisfies GhSearchAnswer,
    '/api/ghsearch/microbit/microbit?q=nothing': { items: [] },
    '/api/gh/blockyard-test/pxt-servo-kit/refs': { refs: { 'refs/tags/v1.0.0': '1'.repeat(40) } },
    '/api/gh/blockyard-test/pxt-servo-kit/pkg?tag=v1.0.0': { sha: '1'.repeat(40), files: servoKit() },
  };
  const http: HttpClient = {
    request: ({ url }) => {
      requests.push(url);
      if (down) {
        const body = JSON.stringify({
          message: 'The code host could not be reached. Check the connection and try again.',
        });
        return Promise.resolve({ status: 502, headers: {}, text: () => Promise.resolve(body) });
      }
      const path = url.replace(/^https?:\/\/[^/]+/, '');
      const answer = answers[path];
      const status = answer === undefined ? 404 : 200;
      const body = JSON.stringify(answer ?? { message: 'Not found' });
      return Promise.resolve({ status, headers: {}, text: () => Promise.resolve(body) });
    },
  };
  return { http, requests };
}

async function cli(args: string[], cwd: string, server = fakeServer()) {
  const out: string[] = [];
  const err: string[] = [];
  const withServer = ['add', 'search-extensions'].includes(args[0]!) ? ['--server', 'http://blockyard.test'] : [];
  const code = await main([...args, ...withServer], {
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    cwd,
    http: server.http,
  });
  return { code, out: out.join(''), err: err.join('') };
}

const projectConfig = {
  name: 'my project',
  files: ['main.ts'],
  dependencies: { core: '*' },
  preferredEditor: 'blocksprj',
};
const project = () => tempWorkspace('add', { 'proj/pxt.json': JSON.stringify(projectConfig), 'proj/main.ts': '' });
const readConfig = (cwd: string) =>
  JSON.parse(readFileSync(join(cwd, 'proj', 'pxt.json'), 'utf8')) as typeof projectConfig & {
    dependencies: Record<string, string>;
  };

describe('blockyard add', () => {
  it('adds the newest release when no tag is given, keeping the rest of pxt.json', async () => {
    const cwd = project();
    const result = await cli(['add', 'blockyard-test/pxt-distance-sensor', '--project', 'proj'], cwd);
    expect(result).toEqual({
      code: 0,
      out: 'Added distance-sensor v1.10.0 (github:blockyard-test/pxt-distance-sensor#v1.10.0).\n',
      err: '',
    });
    const config = readConfig(cwd);
    expect(config.dependencies).toEqual({
      core: '*',
      'distance-sensor': 'github:blockyard-test/pxt-distance-sensor#v1.10.0',
    });
    expect(config.preferredEditor).toBe('blocksprj');
  });

  it('takes a code-host address with a tag, then says when it is already there or updates it', async () => {
    const cwd = project();
    expect(
      (
        await cli(
          ['add', 'https://github.com/blockyard-test/pxt-distance-sensor/tree/v1.0.0', '--project', 'proj'],
          cwd,
        )
      ).out,
    ).toBe('Added distance-sensor v1.0.0 (github:blockyard-test/pxt-distance-sensor#v1.0.0).\n');
    expect((await cli(['add', 'github:blockyard-test/pxt-distance-sensor#v1.0.0', '--project', 'proj'], cwd)).out).toBe(
      'distance-sensor v1.0.0 is already in proj.\n',
    );
    expect((await cli(['add', 'blockyard-test/pxt-distance-sensor#v1.10.0', '--project', 'proj'], cwd)).out).toBe(
      'Updated distance-sensor from github:blockyard-test/pxt-distance-sensor#v1.0.0 to github:blockyard-test/pxt-distance-sensor#v1.10.0.\n',
    );
  });

  it('refuses a banned repository without asking the server', async () => {
    const cwd = project();
    const server = fakeServer();
    const result = await cli(['add', 'banned-maker/pxt-flashy-lights', '--project', 'proj'], cwd, server);
    expect(result).toMatchObject({
      code: 1,
      err: 'error: The extension banned-maker/pxt-flashy-lights is blocked and cannot be added.\n',
    });
    expect(server.requests).toEqual([]);
    expect(readConfig(cwd).dependencies).toEqual({ core: '*' });
  });

  it('explains broken extensions and bad input, and leaves pxt.json as it was', async () => {
    const cwd = project();
    const before = readFileSync(join(cwd, 'proj', 'pxt.json'), 'utf8');
    const cases: [string[], string][] = [
      [
        ['add', 'blockyard-test/pxt-missing-file#v1.0.0'],
        'error: Cannot load extension blockyard-test/pxt-missing-file from github:blockyard-test/pxt-missing-file#v1.0.0\n  (unable to find gone.ts)\n',
      ],
      [
        ['add', 'blockyard-test/pxt-distance-sensor#v7.0.0'],
        'error: Cannot load extension blockyard-test/pxt-distance-sensor from github:blockyard-test/pxt-distance-sensor#v7.0.0\n',
      ],
      [['add', 'nobody/nothing'], 'error: There is no repository nobody/nothing.\n'],
      [
        ['add', 'blockyard-test/pxt-untagged'],
        'error: blockyard-test/pxt-untagged has no releases yet.\n  (ask its author to tag a version like v1.0.0)\n',
      ],
      [
        ['add', 'https://example.com/x'],
        'error: "https://example.com/x" is not a repository id.\n  (use owner/project, github:owner/project#v1.0.0 or the address of the repository)\n',
      ],
    ];
    for (const [args, err] of cases) {
      const result = await cli([...args, '--project', 'proj'], cwd);
      expect(result.err, args.join(' ')).toBe(err);
      expect(result.code).toBe(1);
    }
    expect(readFileSync(join(cwd, 'proj', 'pxt.json'), 'utf8')).toBe(before);
    const down = await cli(['add', 'blockyard-test/pxt-distance-sensor', '--project', 'proj'], cwd, fakeServer(true));
    expect(down.err).toBe('error: The code host could not be reached. Check the connection and try again.\n');
    const noProject = await cli(['add', 'blockyard-test/pxt-distance-sensor'], tempWorkspace('add-empty'));
    expect(noProject.err).toBe('error: . is not a project folder: it has no pxt.json.\n');
  });

  it('picks the highest semantic-version tag', () => {
    expect(newestTag({ 'refs/tags/v2.0.0-beta': 'x', 'refs/tags/v1.2.0': 'y', 'refs/tags/latest': 'z' })).toBe(
      'v2.0.0-beta',
    );
    expect(newestTag({ 'refs/heads/main': 'x' })).toBeUndefined();
  });
});

describe('blockyard search-extensions', () => {
  it('lists what the server finds, approved ones marked', async () => {
    const result = await cli(['search-extensions', 'distance'], tempWorkspace('search'));
    expect(result).toEqual({
      code: 0,
      out:
        'blockyard-test/pxt-distance-sensor (approved) - Ultrasonic distance sensor blocks\n' + 'someone/pxt-sonar\n',
      err: '',
    });
    expect((await cli(['search-extensions', 'nothing'], tempWorkspace('search'))).out).toBe(
      'No extensions found for "nothing".\n',
    );
  });
});

describe('compile and run with a code-host extension', () => {
  it('adds the extension, then run compiles its TypeScript with the program', async () => {
    const cwd = tempWorkspace('add-run', {
      'proj/pxt.json': JSON.stringify(projectConfig),
      'proj/main.ts': 'servos.setAngle(AnalogPin.P0, 30)\nserial.writeLine("turned")\n',
    });
    const before = await cli(['compile', 'proj'], cwd);
    expect(before.code).toBe(1);
    expect(before.out).toContain("Cannot find name 'servos'");
    expect((await cli(['add', 'blockyard-test/pxt-servo-kit', '--project', 'proj'], cwd)).out).toBe(
      'Added servo-kit v1.0.0 (github:blockyard-test/pxt-servo-kit#v1.0.0).\n',
    );
    expect(await cli(['compile', 'proj'], cwd)).toEqual({ code: 0, out: '', err: '' });
    const run = await cli(['run', 'proj', '--time', '500'], cwd);
    expect(run.code).toBe(0);
    expect(run.out).toContain('turned\n');
  });

  it("stops with the extension's problem when it cannot be loaded", async () => {
    const cwd = tempWorkspace('add-broken', {
      'proj/pxt.json': JSON.stringify({
        ...projectConfig,
        dependencies: { core: '*', 'missing-file': 'github:blockyard-test/pxt-missing-file#v1.0.0' },
      }),
      'proj/main.ts': '',
    });
    const result = await cli(['compile', 'proj'], cwd);
    expect(result).toEqual({ code: 1, out: '', err: 'error: unable to find gone.ts\n' });
  });
});
