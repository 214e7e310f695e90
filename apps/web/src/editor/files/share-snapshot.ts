import { protocol as cloudProtocol } from '@blockyard/cloud';
import type { ProjectServices } from '../../projects/project-services.ts';
import { historyToShare } from '../../share/share-history.ts';
import { projectNow, savedThumbnail, type ProjectNowSources } from './project-now.ts';

/** The project as it is this instant, with its picture (and earlier versions when asked), for Share. */
export async function shareSnapshot(
  sources: ProjectNowSources,
  projects: ProjectServices,
  { history }: { history: boolean },
) {
  const { name, files } = await projectNow(sources);
  const projectId = sources.autosave.projectId;
  const thumbnail = await savedThumbnail(projects, projectId);
  // A picture the server would refuse is left out rather than failing the share.
  const picture =
    thumbnail?.startsWith('data:image/png;base64,') &&
    thumbnail.length <= cloudProtocol.DEFAULT_LIMITS.maxThumbnailCharacters
      ? { thumbnail }
      : {};
  const earlier = history ? { history: await historyToShare(projects.store, projectId, files) } : {};
  return { name, files: { ...files }, ...picture, ...earlier };
}
