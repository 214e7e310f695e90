// Our own tutorials (content/tutorials): the list with its levels and card art, and each one's
// markdown parsed on demand. The texts are small, so they ship with the home page.
import { parseTutorial, type TutorialParseResult } from '@blockyard/core';
import listJson from '../../../../content/tutorials/tutorials.json';
import { TUTORIAL_SOURCE_FILE } from './tutorial-progress.ts';

const sources = import.meta.glob<string>('../../../../content/tutorials/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

export interface TutorialCardInfo {
  readonly id: string;
  readonly level: string;
  readonly leds: string;
  readonly title: string;
  readonly description: string;
}

/** The markdown of tutorial `id`, or undefined when there is none by that name. */
function tutorialSource(id: string): string | undefined {
  return Object.entries(sources).find(([path]) => path.endsWith(`/${id}.md`))?.[1];
}

/** The parsed tutorial `id`; undefined when it does not exist or is not a tutorial. */
export function loadTutorial(id: string): TutorialParseResult | undefined {
  const source = tutorialSource(id);
  if (source === undefined) return undefined;
  try {
    return parseTutorial(source);
  } catch {
    return undefined;
  }
}

/**
 * The tutorial of a project in tutorial mode: a teacher's one travels in the project as
 * tutorial.md (see startTutorialFromMarkdown); ours are looked up by id.
 */
export function loadProjectTutorial(
  id: string,
  files: Readonly<Record<string, string>>,
): TutorialParseResult | undefined {
  const own = files[TUTORIAL_SOURCE_FILE];
  if (own === undefined) return loadTutorial(id);
  try {
    return parseTutorial(own);
  } catch {
    return undefined;
  }
}

let cards: readonly TutorialCardInfo[] | undefined;

/**
 * The home page's cards, in the order of tutorials.json (entries without a file are skipped).
 * Made on first use, not when the home page's code loads: parsing every tutorial cost its start
 * 10-40 ms (bench first-minute).
 */
export function tutorialCards(): readonly TutorialCardInfo[] {
  cards ??= makeCards();
  return cards;
}

const makeCards = (): readonly TutorialCardInfo[] =>
  (listJson as { id: string; level: string; leds: string }[])
    .map((entry) => {
      const tutorial = loadTutorial(entry.id);
      if (!tutorial) return undefined;
      const description = tutorial.metadata?.description;
      return {
        ...entry,
        title: tutorial.title ?? entry.id,
        description: typeof description === 'string' ? description : '',
      };
    })
    .filter((card): card is TutorialCardInfo => card !== undefined);
