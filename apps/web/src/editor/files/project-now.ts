import type { AutosaveController } from '@blockyard/projects';
import type { ProjectServices } from '../../projects/project-services.ts';
import type { EditorSession } from '../session/editor-session.ts';

/** Where the editor's current text comes from, for a file or share made this instant. */
export interface ProjectNowSources {
  session: Pick<EditorSession, 'editBlocks' | 'syncCode'>;
  autosave: AutosaveController;
  /** The workspace's blocks XML when blocks are shown (a move may still be settling), else undefined. */
  readBlocks: () => string | undefined;
}

/**
 * The project as it is this instant: a block change Blockly has not reported yet is taken in,
 * and the code of the blocks written (a failing conversion keeps the last good code).
 */
export async function projectNow({
  session,
  autosave,
  readBlocks,
}: ProjectNowSources): Promise<ReturnType<AutosaveController['getContent']>> {
  const xml = readBlocks();
  if (xml) session.editBlocks(xml);
  await session.syncCode().catch(() => undefined);
  return autosave.getContent();
}

/** The project's saved picture, or undefined when it has none or it cannot be read. */
export function savedThumbnail(projects: ProjectServices, projectId: string): Promise<string | undefined> {
  return projects.store.get(projectId).then(
    (p) => p.thumbnail,
    () => undefined,
  );
}
