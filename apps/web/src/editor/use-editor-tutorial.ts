import { TutorialInfoCache } from '@blockyard/core';
import type { AutosaveController } from '@blockyard/projects';
import { useCallback, useMemo, useState } from 'react';
import { useServices } from '../app/services-context.tsx';
import { loadProjectTutorial } from '../tutorials/tutorial-catalog.ts';
import {
  clampStep,
  readTutorialProgress,
  TUTORIAL_FILE,
  tutorialProgressText,
  type TutorialProgress,
} from '../tutorials/tutorial-progress.ts';
import { useTutorialToolbox } from '../tutorials/use-tutorial-toolbox.ts';
import type { EditorEnvironment } from './editor-environment.ts';

/**
 * Tutorial mode of an open project: the tutorial, where the learner is in it, and the toolbox it
 * allows at that step. The progress lives in the project (tutorial.json), so a reload resumes there.
 */
export function useEditorTutorial(autosave: AutosaveController, environment: EditorEnvironment) {
  const services = useServices();
  const [progress, setProgress] = useState(() => readTutorialProgress(autosave.getContent().files));
  const tutorialId = progress?.id;
  const tutorial = useMemo(
    () => (tutorialId ? loadProjectTutorial(tutorialId, autosave.getContent().files) : undefined),
    [tutorialId, autosave],
  );
  const open = useMemo(
    () => (tutorial && tutorialId ? { id: tutorialId, parsed: tutorial } : undefined),
    [tutorial, tutorialId],
  );
  // The cache outlives the page: its entries are dated by the wall clock.
  const [infoCache] = useState(() => new TutorialInfoCache(services.settingsStore, services.projects.clock));
  const snippetToBlocks = useCallback(
    async (code: string) => (await environment.compiler().service({ op: 'toBlocks', files: { 'main.ts': code } })).xml,
    [environment],
  );
  const toolboxFilter = useTutorialToolbox(
    open,
    tutorial ? clampStep(progress?.step ?? 0, tutorial.steps.length) : 0,
    snippetToBlocks,
    infoCache,
  );
  const saveProgress = (next: TutorialProgress | null) => {
    setProgress(next);
    if (next) autosave.edit({ files: { [TUTORIAL_FILE]: tutorialProgressText(next) } });
    else autosave.edit({ remove: [TUTORIAL_FILE] });
  };
  return { tutorial, progress, saveProgress, toolboxFilter, snippetToBlocks };
}
