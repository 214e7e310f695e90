import { describe, expect, it } from 'vitest';
import { runCli, tempWorkspace } from '../test/cli-harness.ts';

const tutorial = [
  '# Blink',
  '',
  '## Show a heart @showdialog',
  '',
  'Put ``||basic:show icon||`` in ``||basic:on start||``.',
  '',
  '```blocks',
  'basic.showIcon(IconNames.Heart)',
  '```',
  '',
].join('\n');

describe('blockyard tutorial', () => {
  it('prints the parse result as JSON, exit 0', async () => {
    const result = await runCli(['tutorial', 'blink.md'], tempWorkspace('tutorial', { 'blink.md': tutorial }));
    expect(result.code).toBe(0);
    expect(result.err).toBe('');
    expect(JSON.parse(result.out)).toEqual({
      title: 'Blink',
      steps: [
        {
          title: 'Show a heart',
          contentMd:
            'Put ``||basic:show icon||`` in ``||basic:on start||``.\n\n```blocks\nbasic.showIcon(IconNames.Heart)\n```',
          headerContentMd: 'Put ``||basic:show icon||`` in ``||basic:on start||``.',
          hintContentMd: '```blocks\nbasic.showIcon(IconNames.Heart)\n```',
          showHint: true,
          showDialog: true,
        },
      ],
      code: ['{\nbasic.showIcon(IconNames.Heart)\n}'],
      editor: 'blocksprj',
      metadata: {},
    });
  });

  it("exits 1 with 'Invalid tutorial format' for markdown that is not a tutorial", async () => {
    const cwd = tempWorkspace('tutorial', { 'page.md': '# A page\n\nNo steps here.\n', 'empty.md': '' });
    const page = await runCli(['tutorial', 'page.md'], cwd);
    expect(page).toMatchObject({ code: 1, out: '' });
    expect(page.err).toBe(
      'error: Invalid tutorial format: page.md: it has no steps (a tutorial needs "## " headings, one per step).\n',
    );
    expect((await runCli(['tutorial', 'empty.md'], cwd)).err).toContain(
      'Invalid tutorial format: empty.md: the file is empty',
    );
  });

  it('reads a tutorial by content, whatever its name, and explains files it cannot read', async () => {
    const cwd = tempWorkspace('tutorial', {
      'notes.txt': '# Lights\n\n## Step one\n\nShow a heart.\n',
      'picture.md': '\u0000PNG',
    });
    expect(await runCli(['tutorial', 'notes.txt'], cwd)).toMatchObject({ code: 0, err: '' });
    expect((await runCli(['tutorial', 'picture.md'], cwd)).err).toContain('picture.md is not text');
    expect(await runCli(['tutorial', 'missing.md'], cwd)).toMatchObject({ code: 1, out: '' });
  });
});
