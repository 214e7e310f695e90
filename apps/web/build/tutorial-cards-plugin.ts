// `virtual:blockyard/tutorial-cards`: the home page's tutorial cards (title and description from
// each tutorial's markdown, level and LED art from content/tutorials/tutorials.json), worked out
// at build time (or by the dev server, or the test run). The home page drew them by parsing every
// tutorial at start, 5-40 ms of its main thread (bench first-minute); the tutorials themselves
// are still parsed in the browser when one is opened (src/tutorials/tutorial-catalog.ts).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
// Relative, not the package name: the Vite config is bundled and loaded by plain Node.
import { parseTutorial } from '../../../packages/core/src/tutorial/parse-tutorial.ts';

const TUTORIAL_CARDS_MODULE = 'virtual:blockyard/tutorial-cards';
const resolvedId = `\0${TUTORIAL_CARDS_MODULE}`;
const TUTORIALS_FOLDER = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'content', 'tutorials');

interface TutorialCardInfo {
  readonly id: string;
  readonly level: string;
  readonly leds: string;
  readonly title: string;
  readonly description: string;
}

interface ListEntry {
  readonly id: string;
  readonly level: string;
  readonly leds: string;
}

/**
 * The cards in the order of the list, from each tutorial's markdown (`source`, undefined when
 * there is no file): entries without a file, or whose file is not a tutorial, are left out.
 */
export function tutorialCards(
  list: readonly ListEntry[],
  source: (id: string) => string | undefined,
): TutorialCardInfo[] {
  return list.flatMap((entry) => {
    const markdown = source(entry.id);
    if (markdown === undefined) return [];
    let tutorial;
    try {
      tutorial = parseTutorial(markdown);
    } catch {
      return [];
    }
    const description = tutorial.metadata?.description;
    const card: TutorialCardInfo = {
      id: entry.id,
      level: entry.level,
      leds: entry.leds,
      title: tutorial.title ?? entry.id,
      description: typeof description === 'string' ? description : '',
    };
    return [card];
  });
}

/** The cards of content/tutorials, and the files they were made from (watched in dev). */
function readTutorialCards(folder: string): { cards: TutorialCardInfo[]; files: string[] } {
  const listFile = join(folder, 'tutorials.json');
  const list = JSON.parse(readFileSync(listFile, 'utf8')) as ListEntry[];
  const files = [listFile];
  const cards = tutorialCards(list, (id) => {
    const file = join(folder, `${id}.md`);
    if (!existsSync(file)) return undefined;
    files.push(file);
    return readFileSync(file, 'utf8');
  });
  return { cards, files };
}

export function tutorialCardsPlugin(folder = TUTORIALS_FOLDER): Plugin {
  return {
    name: 'blockyard-tutorial-cards',
    resolveId(id) {
      return id === TUTORIAL_CARDS_MODULE ? resolvedId : undefined;
    },
    load(id) {
      if (id !== resolvedId) return undefined;
      const { cards, files } = readTutorialCards(folder);
      for (const file of files) this.addWatchFile(file);
      return `export const tutorialCards = ${JSON.stringify(cards)};\n`;
    },
  };
}
