import { textHash } from '@blockyard/core';
import { newProjectFiles, uniqueProjectName, type ProjectLibrary } from '@blockyard/projects';
import { checkTutorial } from './tutorial-source.ts';
import { loadTutorial } from './tutorial-catalog.ts';
import { TUTORIAL_FILE, TUTORIAL_SOURCE_FILE, tutorialProgressText } from './tutorial-progress.ts';

/**
 * Makes the learner's own project for tutorial `id`: the tutorial's template code (blocks are
 * made from it when the editor opens) and its progress at the first step. Returns the project
 * id, or null when there is no such tutorial.
 */
export async function startTutorial(library: ProjectLibrary, id: string): Promise<string | null> {
  const tutorial = loadTutorial(id);
  if (!tutorial) return null;
  const name = uniqueProjectName(tutorial.title ?? id, library.names());
  const files = {
    ...newProjectFiles(name, tutorial.templateCode ?? undefined),
    [TUTORIAL_FILE]: tutorialProgressText({ id, step: 0, done: false }),
  };
  const project = await library.createToOpen({ name, files });
  return project.id;
}

/**
 * Makes the learner's project for a teacher's tutorial (from a file or a link): its markdown goes
 * into the project as tutorial.md, so the tutorial travels with the project and resumes after a
 * reload. Throws TutorialOpenError('invalid') for markdown that is not a tutorial.
 */
export async function startTutorialFromMarkdown(library: ProjectLibrary, markdown: string): Promise<string> {
  const tutorial = checkTutorial(markdown);
  const name = uniqueProjectName(tutorial.title ?? 'Tutorial', library.names());
  const id = `file-${textHash([markdown])}`;
  const files = {
    ...newProjectFiles(name, tutorial.templateCode ?? undefined),
    [TUTORIAL_SOURCE_FILE]: markdown,
    [TUTORIAL_FILE]: tutorialProgressText({ id, step: 0, done: false }),
  };
  const project = await library.createToOpen({ name, files });
  return project.id;
}
