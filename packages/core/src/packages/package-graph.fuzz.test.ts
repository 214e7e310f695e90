import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryPackageFetcher } from './package-fetcher.ts';
import { resolvePackageGraph } from './package-graph.ts';

/**
 * Issue 17: a broken extension never breaks the project. Whatever an extension's pxt.json holds
 * (random text, JSON of the wrong shape, hostile dependency specs, loops back to the project),
 * resolving never throws, the project itself stays loaded, and every package ends loaded or
 * invalid with a message to show.
 */
const depSpec = fc.oneof(
  fc.constantFrom(
    '*',
    '',
    'file:',
    'file:../../../../etc',
    'file:lib',
    'github:a/ext#v1.0.0',
    'github:a/other#v1.0.0',
    'github:a/ext',
    'github:banned/x#v1',
    'https://github.com/a/ext/tree/v1.0.0',
    'not a ref',
  ),
  fc.string({ maxLength: 30 }),
);

const jsonValue = fc.jsonValue({ maxDepth: 3 });

const configObject = fc.record(
  {
    name: fc.oneof(fc.string({ maxLength: 20 }), jsonValue),
    version: fc.oneof(fc.constantFrom('1.0.0', '1.0', 'v2.0.0-beta+1', ''), jsonValue),
    files: fc.oneof(fc.array(fc.constantFrom('main.ts', 'gone.ts', '../x.ts', 'README.md')), jsonValue),
    dependencies: fc.oneof(
      fc.dictionary(fc.constantFrom('core', 'ext', 'other', 'this', 'lib', '__proto__', 'constructor'), depSpec),
      jsonValue,
    ),
    core: fc.boolean(),
    targetVersions: fc.oneof(fc.record({ target: fc.constantFrom('*', '9.0.0', '10.0.0', 'x', '') }), jsonValue),
    yotta: fc.oneof(
      fc.record({ config: fc.record({ a: fc.record({ b: fc.integer({ min: 0, max: 2 }) }) }) }),
      jsonValue,
    ),
  },
  { requiredKeys: [] },
);

const configText = fc.oneof(
  configObject.map((config) => JSON.stringify(config)),
  fc.string({ maxLength: 200 }),
  configObject.map((config) => JSON.stringify(config).slice(0, -3)),
  jsonValue.map((value) => JSON.stringify(value)),
);

const extensionFiles = fc.record(
  { 'pxt.json': configText, 'main.ts': fc.string({ maxLength: 40 }), 'README.md': fc.constant('# hi') },
  { requiredKeys: ['main.ts'] },
);

describe('package graph on hostile extensions (fuzz)', () => {
  it('never throws; the project stays loaded; every package is loaded or invalid with a message', async () => {
    await fc.assert(
      fc.asyncProperty(extensionFiles, extensionFiles, extensionFiles, async (ext, other, lib) => {
        const fetcher = new MemoryPackageFetcher()
          .addBuiltin('core', {
            'pxt.json': JSON.stringify({ name: 'core', files: [], dependencies: {}, core: true }),
          })
          .addRepository('github:a/ext#v1.0.0', ext)
          .addRepository('github:a/other#v1.0.0', other)
          .addFile('lib', lib);
        const project = {
          'pxt.json': JSON.stringify({
            name: 'my project',
            files: ['main.ts'],
            dependencies: { core: '*', ext: 'github:a/ext#v1.0.0', lib: 'file:lib' },
          }),
          'main.ts': 'basic.showNumber(1)',
        };
        const graph = await resolvePackageGraph(project, {
          fetcher,
          policy: { bannedOrgs: ['banned'] },
          runningTargetVersion: '9.1.1',
        });
        expect(graph.root.state).toBe('loaded');
        expect(graph.order[graph.order.length - 1]).toBe('this');
        expect(graph.packages.get('core')?.state).toBe('loaded');
        for (const node of graph.packages.values()) {
          expect(['loaded', 'invalid']).toContain(node.state);
          if (node.state === 'invalid') expect(node.problem?.message.length).toBeGreaterThan(0);
        }
        for (const problem of graph.conflicts) expect(problem.message.length).toBeGreaterThan(0);
        expect(graph.ok).toBe(graph.conflicts.length === 0 && graph.order.length === graph.packages.size);
      }),
      { numRuns: 300 },
    );
  });
});
