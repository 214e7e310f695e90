// Our own tutorials (content/tutorials): the list with its levels and card art, and each one's
// markdown parsed on demand. The texts are small, so they ship with the home page.
import { parseTutorial, type TutorialParseResult } from '@blockyard/core';
import { tutorialCards as builtCards } from 'virtual:blockyard/tutorial-cards';
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

/**
 * The home page's cards, in the order of tutorials.json (entries without a file are skipped).
 * Made at build time (build/tutorial-cards-plugin.ts): parsing every tutorial cost the home
 * page's start 5-40 ms (bench first-minute).
 */
export function tutorialCards(): readonly TutorialCardInfo[] {
  return builtCards;
}
