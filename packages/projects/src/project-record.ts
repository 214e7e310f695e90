/**
 * Reading stored records back defensively. Storage can hold anything (an older app version, a
 * half-written record, a browser bug, a curious learner in the devtools), so every record is
 * checked field by field; a bad one becomes a problem report, never an exception.
 */
import type { JournalChange, JournalEntry } from './edit-journal.ts';
import type { ProjectDraft, ProjectFiles, ProjectSummary, ProjectVersionSummary, VersionReason } from './project.ts';

export type Read<T> = { ok: true; value: T } | { ok: false; problem: string };

const reasons: readonly VersionReason[] = [
  'create',
  'save',
  'restore',
  'import',
  'duplicate',
  'example',
  'recovered',
  'cloud',
];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isTime(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

function isRevision(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1;
}

/** The name of a record when at least that is readable, for reporting a damaged one. */
export function readableName(value: unknown): string | undefined {
  return isRecord(value) && typeof value.name === 'string' ? value.name : undefined;
}

export function readSummary(value: unknown): Read<ProjectSummary> {
  if (!isRecord(value)) return { ok: false, problem: 'the record is not an object' };
  const { id, name, createdAt, updatedAt, revision, thumbnail, trashedAt } = value;
  if (typeof id !== 'string' || id === '') return { ok: false, problem: 'the id is missing' };
  if (typeof name !== 'string') return { ok: false, problem: 'the name is missing' };
  if (!isTime(createdAt) || !isTime(updatedAt)) return { ok: false, problem: 'the dates are not readable' };
  if (!isRevision(revision)) return { ok: false, problem: 'the revision is not readable' };
  if (thumbnail !== undefined && typeof thumbnail !== 'string')
    return { ok: false, problem: 'the thumbnail is not readable' };
  if (trashedAt !== undefined && !isTime(trashedAt)) return { ok: false, problem: 'the trash date is not readable' };
  const summary: { -readonly [K in keyof ProjectSummary]: ProjectSummary[K] } = {
    id,
    name,
    createdAt,
    updatedAt,
    revision,
  };
  if (thumbnail !== undefined) summary.thumbnail = thumbnail;
  if (trashedAt !== undefined) summary.trashedAt = trashedAt;
  return { ok: true, value: summary };
}

export function readFiles(value: unknown): Read<ProjectFiles> {
  if (!isRecord(value)) return { ok: false, problem: 'the files are not an object' };
  for (const [fileName, text] of Object.entries(value)) {
    if (typeof text !== 'string') return { ok: false, problem: `the file ${fileName} is not text` };
  }
  // fromEntries makes own properties, so even a file called "__proto__" survives.
  return { ok: true, value: Object.fromEntries(Object.entries(value)) as Record<string, string> };
}

export function readVersionSummary(value: unknown): Read<ProjectVersionSummary> {
  if (!isRecord(value)) return { ok: false, problem: 'the version is not an object' };
  const { projectId, revision, savedAt, name, reason, restoredFrom, size } = value;
  if (typeof projectId !== 'string' || !isRevision(revision) || !isTime(savedAt) || typeof name !== 'string')
    return { ok: false, problem: 'the version is incomplete' };
  if (typeof reason !== 'string' || !reasons.includes(reason as VersionReason))
    return { ok: false, problem: 'the version reason is unknown' };
  const summary: { -readonly [K in keyof ProjectVersionSummary]: ProjectVersionSummary[K] } = {
    projectId,
    revision,
    savedAt,
    name,
    reason: reason as VersionReason,
    size: typeof size === 'number' && Number.isFinite(size) ? size : 0,
  };
  if (isRevision(restoredFrom)) summary.restoredFrom = restoredFrom;
  return { ok: true, value: summary };
}

export function readDraft(value: unknown): Read<ProjectDraft> {
  if (!isRecord(value)) return { ok: false, problem: 'the draft is not an object' };
  const { projectId, baseRevision, name, files, stashedAt, session } = value;
  if (typeof projectId !== 'string' || !isRevision(baseRevision) || typeof name !== 'string' || !isTime(stashedAt))
    return { ok: false, problem: 'the draft is incomplete' };
  const readFilesResult = readFiles(files);
  if (!readFilesResult.ok) return readFilesResult;
  const draft = { projectId, baseRevision, name, files: readFilesResult.value, stashedAt };
  return { ok: true, value: typeof session === 'string' ? { ...draft, session } : draft };
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function readJournalChange(value: unknown): JournalChange | null {
  if (!isRecord(value) || typeof value.file !== 'string') return null;
  const { file } = value;
  if (value.deleted === true) return { file, deleted: true };
  if (typeof value.text === 'string') return { file, text: value.text };
  const { at, remove, insert, length } = value;
  if (isCount(at) && isCount(remove) && typeof insert === 'string' && isCount(length))
    return { file, at, remove, insert, length };
  return null;
}

/** One stored entry of the edit journal (see edit-journal.ts), checked field by field. */
export function readJournalEntry(value: unknown): Read<JournalEntry> {
  if (!isRecord(value)) return { ok: false, problem: 'the journal entry is not an object' };
  const { session, seq, projectId, baseRevision, at, restart, name, changes } = value;
  if (
    typeof session !== 'string' ||
    !isRevision(seq) ||
    typeof projectId !== 'string' ||
    !isRevision(baseRevision) ||
    !isTime(at) ||
    !Array.isArray(changes) ||
    (name !== undefined && typeof name !== 'string')
  )
    return { ok: false, problem: 'the journal entry is incomplete' };
  const read: JournalChange[] = [];
  for (const change of changes as unknown[]) {
    const checked = readJournalChange(change);
    if (!checked) return { ok: false, problem: 'a change in the journal entry is not readable' };
    read.push(checked);
  }
  const entry: JournalEntry = {
    session,
    seq,
    projectId,
    baseRevision,
    at,
    ...(restart === true ? { restart: true as const } : {}),
    ...(typeof name === 'string' ? { name } : {}),
    changes: read,
  };
  return { ok: true, value: entry };
}

/**
 * A readable text form of any stored value, for the recovery file. Structured clones may hold
 * things JSON cannot (cycles, BigInt, binary); fall back to String() rather than lose it all.
 */
export function rawText(value: unknown): string {
  try {
    return (
      JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'bigint' ? inner.toString() : inner)) ??
      String(value)
    );
  } catch {
    return String(value);
  }
}
