// The earlier versions a share carries when the learner ticks "include earlier versions": read
// from the project's own History, oldest first, as many as the server takes and fit in its size
// cap together with the snapshot (the oldest are left out first).

import { protocol } from '@blockyard/cloud';
import type { ProjectFiles, ProjectStore } from '@blockyard/projects';

const size = (files: ProjectFiles) => Object.values(files).reduce((sum, text) => sum + text.length, 0);

const same = (a: ProjectFiles, b: ProjectFiles) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([name, text]) => b[name] === text);

export async function historyToShare(
  store: Pick<ProjectStore, 'listVersions' | 'getVersion'>,
  projectId: string,
  shared: ProjectFiles,
  limits: protocol.ApiLimits = protocol.DEFAULT_LIMITS,
): Promise<protocol.SharedVersion[]> {
  // Half the cap for the history: the snapshot and its picture need the rest.
  let budget = Math.floor(limits.maxShareCharacters / 2) - size(shared);
  const picked: protocol.SharedVersion[] = [];
  let newer = shared;
  for (const summary of await store.listVersions(projectId)) {
    if (picked.length >= limits.maxShareHistory) break;
    const version = await store.getVersion(projectId, summary.revision);
    // A version just like the one after it (the snapshot itself, a restore of it) adds nothing.
    if (same(version.files, newer)) continue;
    budget -= size(version.files);
    if (budget < 0) break;
    picked.push({ time: version.savedAt, name: version.name, files: { ...version.files } });
    newer = version.files;
  }
  return picked.reverse();
}
