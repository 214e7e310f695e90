import { ManualClock } from '@blockyard/core';
import { MemoryProjectStore, ProjectLibrary } from '@blockyard/projects';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { startTutorialFromMarkdown } from './start-tutorial.ts';
import { loadProjectTutorial } from './tutorial-catalog.ts';
import { readTutorialProgress, TUTORIAL_SOURCE_FILE } from './tutorial-progress.ts';
import {
  fetchTutorial,
  MAX_TUTORIAL_BYTES,
  readTutorialFile,
  TutorialOpenError,
  tutorialLinkUrl,
} from './tutorial-source.ts';

const TUTORIAL = '# Bouncing dot\n\n## {Start}\n\nDrag a block.\n\n```template\nbasic.showNumber(1)\n```\n';
const problemOf = async (run: () => unknown) => {
  try {
    await run();
  } catch (error) {
    return error instanceof TutorialOpenError ? error.problem : `other: ${String(error)}`;
  }
  return 'none';
};

describe('tutorial links', () => {
  it('turns the ways teachers share a GitHub tutorial into its raw file', () => {
    const raw = 'https://raw.githubusercontent.com/ms-teach/lessons/main/dots/tutorial.md';
    expect(tutorialLinkUrl('https://github.com/ms-teach/lessons/blob/main/dots/tutorial.md')).toBe(raw);
    expect(tutorialLinkUrl(`  ${raw}  `)).toBe(raw);
    expect(tutorialLinkUrl('https://makecode.microbit.org/#tutorial:github:ms-teach/lessons/dots/tutorial')).toBe(
      'https://raw.githubusercontent.com/ms-teach/lessons/HEAD/dots/tutorial.md',
    );
    expect(tutorialLinkUrl(`https://makecode.microbit.org/#tutorial:${encodeURIComponent(raw)}`)).toBe(raw);
  });

  it('refuses other sites and things that are not links, in words that say which', async () => {
    expect(await problemOf(() => tutorialLinkUrl('https://example.com/tutorial.md'))).toBe('other-site');
    expect(await problemOf(() => tutorialLinkUrl('http://github.com/a/b/blob/main/t.md'))).toBe('other-site');
    expect(await problemOf(() => tutorialLinkUrl('my tutorial'))).toBe('not-a-link');
    expect(await problemOf(() => tutorialLinkUrl('javascript:alert(1)'))).toBe('not-a-link');
    expect(await problemOf(() => tutorialLinkUrl('github:a/b/../../x'))).toBe('not-a-link');
    expect(await problemOf(() => tutorialLinkUrl('https://x.org/#tutorial:%E0%A4%A'))).toBe('not-a-link');
  });

  it('only ever gives a raw.githubusercontent.com address, whatever is pasted', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        try {
          expect(tutorialLinkUrl(text).startsWith('https://raw.githubusercontent.com/')).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(TutorialOpenError);
        }
      }),
    );
  });
});

describe('reading a tutorial', () => {
  const link = 'https://github.com/t/l/blob/main/t.md';

  it('fetches the text of a link, without cookies', async () => {
    let asked: [string, RequestInit | undefined] | undefined;
    const text = await fetchTutorial(link, (url, init) => {
      asked = [url as string, init];
      return Promise.resolve(new Response(TUTORIAL));
    });
    expect(text).toBe(TUTORIAL);
    expect(asked?.[0]).toBe('https://raw.githubusercontent.com/t/l/main/t.md');
    expect(asked?.[1]).toMatchObject({ credentials: 'omit' });
  });

  it('says the link did not answer, and stops reading what is too big', async () => {
    expect(await problemOf(() => fetchTutorial(link, () => Promise.resolve(new Response('no', { status: 404 }))))).toBe(
      'unreachable',
    );
    expect(await problemOf(() => fetchTutorial(link, () => Promise.reject(new TypeError('offline'))))).toBe(
      'unreachable',
    );
    const huge = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(256 * 1024).fill(35));
      },
    });
    expect(await problemOf(() => fetchTutorial(link, () => Promise.resolve(new Response(huge))))).toBe('too-big');
    const never = () => new Promise<Response>((_, reject) => setTimeout(() => reject(new Error('late')), 50));
    expect(await problemOf(() => fetchTutorial(link, never, 10))).toBe('unreachable');
  });

  it('refuses a file too big to be a tutorial before reading it', async () => {
    const file = { size: MAX_TUTORIAL_BYTES + 1, text: () => Promise.reject(new Error('read')) };
    expect(await problemOf(() => readTutorialFile(file))).toBe('too-big');
  });
});

describe("starting a teacher's tutorial", () => {
  it('makes a project holding the tutorial, its template and the first step', async () => {
    const store = new MemoryProjectStore({ clock: new ManualClock(1) });
    const library = new ProjectLibrary(store);
    const id = await startTutorialFromMarkdown(library, TUTORIAL);
    const project = await store.get(id);
    expect(project.name).toBe('Bouncing dot');
    expect(project.files['main.ts']).toContain('basic.showNumber(1)');
    expect(project.files[TUTORIAL_SOURCE_FILE]).toBe(TUTORIAL);
    const progress = readTutorialProgress(project.files)!;
    expect(progress).toMatchObject({ step: 0, done: false });
    expect(loadProjectTutorial(progress.id, project.files)?.title).toBe('Bouncing dot');
  });

  it('refuses what is not a tutorial with the spec’s message, and makes nothing', async () => {
    const library = new ProjectLibrary(new MemoryProjectStore({ clock: new ManualClock(1) }));
    const error = await startTutorialFromMarkdown(library, 'just some words').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TutorialOpenError);
    expect((error as TutorialOpenError).problem).toBe('invalid');
    expect((error as Error).message).toBe('Invalid tutorial format');
    expect(library.names()).toEqual([]);
  });
});
