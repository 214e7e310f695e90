import { describe, expect, it } from 'vitest';
import { MemoryPackageFetcher } from './package-fetcher.ts';
import { resolvePackageGraph } from './package-graph.ts';
import { joinPath, parsePackageSource } from './package-source.ts';

type Config = Record<string, unknown>;

function pkg(name: string, dependencies: Record<string, string> = {}, extra: Config = {}): Record<string, string> {
  return {
    'pxt.json': JSON.stringify({ name, dependencies, files: ['main.ts'], ...extra }),
    'main.ts': `// ${name}\n`,
  };
}

function fetcher() {
  return new MemoryPackageFetcher()
    .addBuiltin('core', pkg('core', {}, { core: true }))
    .addBuiltin('radio', pkg('radio', { core: '*' }))
    .addBuiltin('core---nrf52', pkg('core---nrf52', {}, { core: true }));
}

describe('package graph', () => {
  it('resolves built-in, file and repository dependencies to loaded', async () => {
    const f = fetcher()
      .addFile('libs/helper', pkg('helper', { core: '*', sibling: 'file:../sibling' }))
      .addFile('libs/sibling', pkg('sibling'))
      .addRepository('github:microsoft/pxt-neopixel#v0.7.3', pkg('neopixel', { core: '*' }));
    const graph = await resolvePackageGraph(
      pkg('app', {
        core: '*',
        radio: '*',
        helper: 'file:libs/helper',
        neopixel: 'github:microsoft/pxt-neopixel#v0.7.3',
      }),
      { fetcher: f },
    );
    expect(graph.ok).toBe(true);
    expect([...graph.packages.values()].map((p) => [p.id, p.state])).toEqual([
      ['this', 'loaded'],
      ['core', 'loaded'],
      ['radio', 'loaded'],
      ['helper', 'loaded'],
      ['neopixel', 'loaded'],
      ['sibling', 'loaded'],
    ]);
    expect(graph.packages.get('neopixel')?.repoStatus).toBe('Unknown');
    expect(graph.order).toEqual(['core', 'radio', 'sibling', 'helper', 'neopixel', 'this']);
  });

  it('shares a package reached twice with the same version (diamond), fetching it once', async () => {
    const f = fetcher()
      .addRepository('github:a/left#v1.0.0', pkg('left', { shared: 'github:a/shared#v2.0.0' }))
      .addRepository('github:a/right#v1.0.0', pkg('right', { shared: 'github:a/shared#v2.0.0' }))
      .addRepository('github:a/shared#v2.0.0', pkg('shared', { core: '*' }));
    const graph = await resolvePackageGraph(
      pkg('app', { core: '*', left: 'github:a/left#v1.0.0', right: 'github:a/right#v1.0.0' }),
      { fetcher: f },
    );
    expect(graph.ok).toBe(true);
    expect(graph.packages.get('shared')?.dependents).toEqual(['left', 'right']);
    expect(f.requests.filter((r) => r.includes('shared'))).toEqual(['github:a/shared#v2.0.0']);
    expect(graph.order.indexOf('shared')).toBeLessThan(graph.order.indexOf('left'));
  });

  it('reports a package wanted at two versions', async () => {
    const f = fetcher()
      .addRepository('github:a/left#v1.0.0', pkg('left', { shared: 'github:a/shared#v2.0.0' }))
      .addRepository('github:a/shared#v1.0.0', pkg('shared'))
      .addRepository('github:a/shared#v2.0.0', pkg('shared'));
    const graph = await resolvePackageGraph(
      pkg('app', { shared: 'github:a/shared#v1.0.0', left: 'github:a/left#v1.0.0' }),
      {
        fetcher: f,
      },
    );
    expect(graph.ok).toBe(false);
    expect(graph.conflicts.map((c) => c.message)).toEqual(['version mismatch for extension']);
    expect(graph.conflicts[0]?.detail).toContain('#v1.0.0');
    expect(graph.packages.get('shared')).toMatchObject({ state: 'invalid', problem: { message: 'version mismatch' } });
  });

  it('keeps a built-in package loaded whatever an extension names it as', async () => {
    // Found by the fuzz test: an extension's "core": "file:" (or a repository) made core invalid
    // for the whole project. "*" and "file:../core" both mean the built-in package.
    const f = fetcher()
      .addRepository('github:a/kind#v1.0.0', pkg('kind', { core: 'file:../core' }))
      .addRepository('github:a/odd#v1.0.0', pkg('odd', { core: 'github:a/core#v1.0.0' }));
    const kind = await resolvePackageGraph(pkg('app', { core: '*', kind: 'github:a/kind#v1.0.0' }), { fetcher: f });
    expect(kind.ok).toBe(true);
    expect(kind.packages.get('core')?.state).toBe('loaded');

    const odd = await resolvePackageGraph(pkg('app', { core: '*', odd: 'github:a/odd#v1.0.0' }), { fetcher: f });
    expect(odd.packages.get('core')?.state).toBe('loaded');
    expect(odd.ok).toBe(false);
    expect(odd.conflicts[0]?.detail).toContain('github:a/core#v1.0.0');
  });

  it('reads "file:" from a repository as the built-in package of that name', () => {
    // MakeCode's own layout names built-ins as folders next to the extension; a repository has
    // no folders of ours to point at.
    const repo = parsePackageSource('ext', 'github:a/ext#v1.0.0');
    if (!('source' in repo)) expect.fail('a repository id');
    expect(parsePackageSource('core', 'file:../core', repo.source)).toEqual({
      source: { kind: 'builtin', id: 'core' },
    });
    expect(parsePackageSource('radio', ' file:radio ', repo.source)).toEqual({
      source: { kind: 'builtin', id: 'radio' },
    });
    expect(parsePackageSource('core', 'file:', repo.source)).toMatchObject({ problem: { code: 'invalid-package' } });
  });

  it('loads the built-in package for an extension that alone names it as "file:"', async () => {
    const f = fetcher().addRepository('github:a/kind#v1.0.0', pkg('kind', { radio: 'file:../radio' }));
    const graph = await resolvePackageGraph(pkg('app', { kind: 'github:a/kind#v1.0.0' }), { fetcher: f });
    expect(graph.ok).toBe(true);
    expect(graph.packages.get('radio')).toMatchObject({ state: 'loaded', source: { kind: 'builtin', id: 'radio' } });
  });

  it('reports two core extensions and differing yotta settings', async () => {
    const f = fetcher()
      .addRepository(
        'github:a/ble#v1.0.0',
        pkg('ble', {}, { yotta: { config: { 'microbit-dal': { bluetooth: { enabled: 1 } } } } }),
      )
      .addRepository(
        'github:a/radio2#v1.0.0',
        pkg('radio2', {}, { yotta: { config: { 'microbit-dal': { bluetooth: { enabled: 0 } } } } }),
      );
    const graph = await resolvePackageGraph(
      pkg('app', { core: '*', 'core---nrf52': '*', ble: 'github:a/ble#v1.0.0', radio2: 'github:a/radio2#v1.0.0' }),
      { fetcher: f },
    );
    expect(graph.ok).toBe(false);
    expect(graph.conflicts.map((c) => [c.message, c.packages])).toEqual([
      ['conflict between core extensions', ['core', 'core---nrf52']],
      ['conflict on yotta setting', ['ble', 'radio2']],
    ]);
    expect(graph.conflicts[1]?.detail).toBe('microbit-dal.bluetooth.enabled: 1 in ble, 0 in radio2');
  });

  it('marks missing versions, missing packages and broken configs invalid, and carries on', async () => {
    const f = fetcher()
      .addRepository('github:a/noconfig#v1.0.0', { 'main.ts': '' })
      .addRepository('github:a/broken#v1.0.0', { 'pxt.json': '{ nope' })
      .addRepository('github:a/nofile#v1.0.0', {
        'pxt.json': JSON.stringify({ name: 'n', dependencies: {}, files: ['gone.ts'] }),
      })
      .addRepository('github:a/future#v1.0.0', pkg('future', {}, { targetVersions: { target: '99.0.0' } }));
    const graph = await resolvePackageGraph(
      pkg('app', {
        core: '*',
        empty: '',
        untagged: 'github:a/untagged',
        absent: 'github:a/absent#v9.9.9',
        noconfig: 'github:a/noconfig#v1.0.0',
        broken: 'github:a/broken#v1.0.0',
        nofile: 'github:a/nofile#v1.0.0',
        future: 'github:a/future#v1.0.0',
        weird: 'pub:12345',
      }),
      { fetcher: f },
    );
    const messages = Object.fromEntries(
      [...graph.packages.values()].filter((p) => p.problem).map((p) => [p.id, p.problem!.message]),
    );
    expect(messages).toEqual({
      empty: 'version not specified for empty',
      untagged: 'version not specified for untagged',
      absent: 'Cannot load extension absent from github:a/absent#v9.9.9',
      noconfig: 'extension noconfig is missing the config',
      broken: 'Syntax error in pxt.json',
      nofile: 'unable to find gone.ts',
      future: 'future requires target version 99.0.0 (you are running 9.1.1)',
      weird: 'Cannot load extension weird from pub:12345',
    });
    expect(graph.packages.get('core')?.state).toBe('loaded');
    expect(graph.order).toEqual(['core', 'this']);
    expect(graph.ok).toBe(false);
  });

  it('never fetches a banned repository, and records the refusal', async () => {
    const f = fetcher().addRepository('github:bad/thing#v1.0.0', pkg('thing'));
    const ticks: string[] = [];
    const graph = await resolvePackageGraph(pkg('app', { thing: 'github:bad/thing#v1.0.0' }), {
      fetcher: f,
      policy: { approvedOrgs: ['bad'], bannedRepos: ['bad/thing'] },
      onTick: (event, data) => ticks.push(`${event} ${data.repo}`),
    });
    expect(graph.packages.get('thing')).toMatchObject({
      state: 'invalid',
      repoStatus: 'Banned',
      problem: {
        message: 'Cannot load extension thing from github:bad/thing#v1.0.0',
        detail: 'the repository bad/thing is banned',
      },
    });
    expect(f.requests).toEqual([]);
    expect(ticks).toEqual(['extension.banned bad/thing']);
  });

  it('treats a failing source as a load failure, not a crash', async () => {
    const graph = await resolvePackageGraph(pkg('app', { core: '*' }), {
      fetcher: { fetch: () => Promise.reject(new Error('offline')) },
    });
    expect(graph.packages.get('core')?.problem).toMatchObject({
      message: 'Cannot load extension core from *',
      detail: 'offline',
    });
  });

  it('survives cycles and follows test dependencies only when asked', async () => {
    const f = fetcher()
      .addRepository('github:a/ping#v1.0.0', pkg('ping', { pong: 'github:a/pong#v1.0.0' }))
      .addRepository('github:a/pong#v1.0.0', pkg('pong', { ping: 'github:a/ping#v1.0.0' }));
    const root = pkg('app', { ping: 'github:a/ping#v1.0.0' }, { testDependencies: { radio: '*' } });
    const graph = await resolvePackageGraph(root, { fetcher: f });
    expect(graph.ok).toBe(true);
    expect(graph.packages.has('radio')).toBe(false);
    expect(graph.order).toEqual(['pong', 'ping', 'this']);
    expect((await resolvePackageGraph(root, { fetcher: f, includeTestDependencies: true })).packages.has('radio')).toBe(
      true,
    );
  });

  it('parses dependency texts and joins file paths', () => {
    expect(parsePackageSource('core', '*')).toEqual({ source: { kind: 'builtin', id: 'core' } });
    expect(parsePackageSource('x', 'file:../x', { kind: 'file', path: 'libs/y' })).toEqual({
      source: { kind: 'file', path: 'libs/x' },
    });
    expect(parsePackageSource('x', 'file:../x')).toEqual({ source: { kind: 'file', path: '../x' } });
    expect(joinPath('.', '../../a/./b')).toBe('../../a/b');
    expect(parsePackageSource('x', 'https://github.com/o/r/tree/v1.0.0/sub')).toMatchObject({
      source: { kind: 'repository', repo: { fullName: 'o/r/sub', tag: 'v1.0.0' } },
    });
  });
});
