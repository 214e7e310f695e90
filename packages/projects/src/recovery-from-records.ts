/**
 * Turning raw stored records into a recovery bundle: readable projects with their files, drafts,
 * and every record that could not be read, as text. Used by a working store's export and by the
 * salvage of a database that cannot be opened normally (in @blockyard/platform).
 */
import type { Project, ProjectDraft, ProjectFiles } from './project.ts';
import { rawText, readDraft, readFiles, readSummary } from './project-record.ts';
import type { StoredRecord } from './record-database.ts';
import { createRecoveryBundle, type DamagedRecordCopy, type RecoveryBundle } from './recovery-bundle.ts';

export interface RawProjectRecords {
  readonly projects: readonly StoredRecord[];
  readonly files: readonly StoredRecord[];
  readonly drafts: readonly StoredRecord[];
}

function keyString(key: StoredRecord['key']): string {
  return typeof key === 'string' ? key : key.join('#');
}

export function recoveryFromRecords(exportedAt: number, records: RawProjectRecords): RecoveryBundle {
  const damaged: DamagedRecordCopy[] = [];
  const filesById = new Map<string, ProjectFiles>();
  for (const { key, value } of records.files) {
    const read = readFiles((value as { files?: unknown } | null | undefined)?.files);
    if (read.ok) filesById.set(keyString(key), read.value);
    else damaged.push({ area: 'files', key: keyString(key), problem: read.problem, raw: rawText(value) });
  }
  const projects: Project[] = [];
  for (const { key, value } of records.projects) {
    const id = keyString(key);
    const read = readSummary(value);
    const files = filesById.get(id);
    if (read.ok && read.value.id === id && files) {
      projects.push({ ...read.value, files });
      filesById.delete(id);
    } else {
      const problem = !read.ok ? read.problem : files ? 'the id does not match its key' : 'the files are missing';
      damaged.push({ area: 'projects', key: id, problem, raw: rawText(value) });
    }
  }
  // Files whose project record is damaged or missing: keep them too.
  for (const [key, files] of filesById) {
    damaged.push({ area: 'files', key, problem: 'no readable project for these files', raw: rawText({ files }) });
  }
  const drafts: ProjectDraft[] = [];
  for (const { key, value } of records.drafts) {
    const read = readDraft(value);
    if (read.ok) drafts.push(read.value);
    else damaged.push({ area: 'drafts', key: keyString(key), problem: read.problem, raw: rawText(value) });
  }
  return createRecoveryBundle(exportedAt, projects, drafts, damaged);
}
