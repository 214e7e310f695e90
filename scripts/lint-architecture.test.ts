// Proves the architecture rules of eslint.config.js bite: fixtures are linted as if they lived
// inside packages, and the expected errors must appear.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
// The fixtures are linted under virtual paths that no tsconfig includes, so type-aware parsing is
// switched off here; the architecture rules under test need no types.
const eslint = new ESLint({ cwd: root, overrideConfig: [tseslint.configs.disableTypeChecked] });

async function lintFixtureAs(fixture: string, filePath: string) {
  const code = readFileSync(join(root, 'scripts/lint-fixtures', fixture), 'utf8');
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  if (!result) throw new Error('ESLint returned no result');
  return result.messages.map((m) => ({ rule: m.ruleId, message: m.message, line: m.line }));
}

describe('architecture lint rules', () => {
  it('bans setTimeout in a pure package and names the injected Clock', async () => {
    const messages = await lintFixtureAs('pure-uses-set-timeout.ts', 'packages/core/src/fixture-timer.ts');
    expect(messages).toContainEqual({
      rule: 'no-restricted-globals',
      message: expect.stringContaining('Use the injected Clock') as string,
      line: 2,
    });
  });

  it('bans setTimeout in every pure package, not only core', async () => {
    for (const dir of ['packages/runtime', 'packages/sound', 'packages/language']) {
      const messages = await lintFixtureAs('pure-uses-set-timeout.ts', `${dir}/src/fixture-timer.ts`);
      expect(messages.map((m) => m.rule)).toContain('no-restricted-globals');
    }
  });

  it('allows setTimeout in the web app, where effects belong', async () => {
    const messages = await lintFixtureAs('pure-uses-set-timeout.ts', 'apps/web/src/fixture-timer.ts');
    expect(messages.map((m) => m.rule)).not.toContain('no-restricted-globals');
  });

  it('refuses imports of apps from a package, by name and by relative path', async () => {
    const messages = await lintFixtureAs('pure-imports-app.ts', 'packages/core/src/fixture-imports.ts');
    const appImports = messages.filter((m) => m.message.includes('Nothing imports an app'));
    expect(appImports.map((m) => m.line)).toEqual([1, 2]);
  });

  it('refuses upward imports between packages', async () => {
    const code = "import { x } from '@blockyard/runtime';\nexport const y = x;\n";
    const [result] = await eslint.lintText(code, { filePath: join(root, 'packages/core/src/fixture-up.ts') });
    expect(result?.messages.map((m) => m.message).join('\n')).toContain('imports point down');
  });

  it('accepts pure code that takes the Clock as a parameter', async () => {
    const messages = await lintFixtureAs('pure-clean.ts', 'packages/runtime/src/fixture-clean.ts');
    expect(messages.filter((m) => m.rule?.startsWith('no-restricted'))).toEqual([]);
  });

  // The circles of issue 22: field editors and mutators reached their environment's class, and
  // the API namespaces the Board class, while both sides imported the other. Each case lints a real
  // file with the old import put back; the rest of the chain is read from disk.
  it('refuses an import that closes a circle between the blocks environment and its fields', async () => {
    const file = 'packages/blocks/src/environment/environment-link.ts';
    const code = `import type { BlocksEnvironment } from './blocks-environment.ts';\nexport type Old = BlocksEnvironment;\n${readFileSync(join(root, file), 'utf8')}`;
    const [result] = await eslint.lintText(code, { filePath: join(root, file) });
    const circles = result?.messages.filter((m) => m.ruleId === 'architecture/no-import-circle') ?? [];
    expect(circles.map((m) => m.line)).toEqual([1]);
    expect(circles[0]?.message).toContain('blocks-environment.ts ->');
  });

  it('refuses an import that closes a circle between the board and its API namespaces', async () => {
    const file = 'packages/boards/microbit/src/api/namespace-module.ts';
    const code = `import type { Board } from '../board/board.ts';\nexport type Old = Board;\n${readFileSync(join(root, file), 'utf8')}`;
    const [result] = await eslint.lintText(code, { filePath: join(root, file) });
    const circles = result?.messages.filter((m) => m.ruleId === 'architecture/no-import-circle') ?? [];
    expect(circles.map((m) => m.line)).toEqual([1]);
    expect(circles[0]?.message).toMatch(/board\.ts -> .*namespaces\.ts/);
  });

  it('accepts the same files as they are', async () => {
    for (const file of [
      'packages/blocks/src/environment/environment-link.ts',
      'packages/boards/microbit/src/api/namespace-module.ts',
    ]) {
      const [result] = await eslint.lintText(readFileSync(join(root, file), 'utf8'), { filePath: join(root, file) });
      expect(result?.messages.filter((m) => m.ruleId === 'architecture/no-import-circle')).toEqual([]);
    }
  });
});
