/**
 * The edit journal: every edit of an open project is written to storage at once, so an edit the
 * learner has seen survives a crash that gives the page no last turn (the browser killed, the
 * tab crashed). Autosave waits for typing to settle and `pagehide` never fires in a crash; this
 * does not wait for anything.
 *
 * It is small: an entry holds only what changed since the entry before it, a text splice per
 * file (where, how much went, what came), so a keystroke in a 1,000-block project writes a few
 * dozen bytes, not the 230 KB of its files. Entries belong to a session (one open editor) and
 * come in generations: the first entry of a generation ("restart") holds the whole text of every
 * file that differs from the stored revision it builds on, the rest are splices. When a save
 * lands, the session's entries are replaced by a new generation holding only what is still
 * unsaved (often nothing).
 *
 * Reading is defensive (see `replayJournal`): entries must follow each other without a gap, and
 * every splice must fit the text it applies to (its resulting length is checked), otherwise the
 * replay keeps what it had before that entry. A journal cut off mid-edit, a lost write or a
 * damaged entry therefore costs at most the edits after it, never the ones before.
 */
import type { Clock } from '@blockyard/core';
import type { ProjectContent } from './merge-content.ts';

/** What became of one file since the previous entry (or since the stored revision, on a restart). */
export type JournalChange =
  | { readonly file: string; readonly text: string }
  /** Replace `remove` characters at `at` by `insert`; the file is then `length` characters long. */
  | {
      readonly file: string;
      readonly at: number;
      readonly remove: number;
      readonly insert: string;
      readonly length: number;
    }
  | { readonly file: string; readonly deleted: true };

export interface JournalEntry {
  /** One open editor: entries of different sessions never mix. */
  readonly session: string;
  /** 1, 2, 3, … within the session; a gap means an entry was lost. */
  readonly seq: number;
  readonly projectId: string;
  /** The stored revision this generation builds on. */
  readonly baseRevision: number;
  /** Wall-clock time of the edit. */
  readonly at: number;
  /** Starts a generation: whole texts, nothing before it counts. */
  readonly restart?: true;
  /** The project's name, when it changed. */
  readonly name?: string;
  readonly changes: readonly JournalChange[];
}

/** Where the journal writes; the project store (see ProjectStore.appendJournal). */
export interface JournalSink {
  /** Writes one entry, issued before this returns, in order with the session's other writes. */
  appendJournal(entry: JournalEntry): Promise<void>;
  /** Removes every entry of the session, then writes `entry` if given, all in one write. */
  rewriteJournal(session: string, entry: JournalEntry | null): Promise<void>;
}

export interface TextSplice {
  readonly at: number;
  readonly remove: number;
  readonly insert: string;
  readonly length: number;
}

/** Characters compared at once: native string comparison is far quicker than a loop per character. */
const CHUNK = 512;

/** How many characters `a` and `b` share at the start (at most `limit`). */
function commonStart(a: string, b: string, limit: number): number {
  let n = 0;
  while (n + CHUNK <= limit && a.substring(n, n + CHUNK) === b.substring(n, n + CHUNK)) n += CHUNK;
  while (n < limit && a.charCodeAt(n) === b.charCodeAt(n)) n++;
  return n;
}

/** How many characters `a` and `b` share at the end (at most `limit`). */
function commonEnd(a: string, b: string, limit: number): number {
  let n = 0;
  while (
    n + CHUNK <= limit &&
    a.substring(a.length - n - CHUNK, a.length - n) === b.substring(b.length - n - CHUNK, b.length - n)
  )
    n += CHUNK;
  while (n < limit && a.charCodeAt(a.length - 1 - n) === b.charCodeAt(b.length - 1 - n)) n++;
  return n;
}

/** The smallest single splice turning `before` into `after` (common start and end kept). */
export function textSplice(before: string, after: string): TextSplice {
  const shorter = Math.min(before.length, after.length);
  const start = commonStart(before, after, shorter);
  const end = commonEnd(before, after, shorter - start);
  return {
    at: start,
    remove: before.length - start - end,
    insert: after.slice(start, after.length - end),
    length: after.length,
  };
}

/** Applies a splice, or returns null when it does not fit `text` (a lost or foreign entry). */
export function applySplice(text: string, splice: TextSplice): string | null {
  const { at, remove, insert, length } = splice;
  if (!Number.isInteger(at) || !Number.isInteger(remove) || at < 0 || remove < 0 || at + remove > text.length)
    return null;
  const result = text.slice(0, at) + insert + text.slice(at + remove);
  return result.length === length ? result : null;
}

/** A splice is worth it when it is clearly smaller than the file; otherwise write the whole text. */
function spliceOrText(file: string, before: string, after: string): JournalChange {
  const splice = textSplice(before, after);
  return splice.insert.length * 2 < after.length ? { file, ...splice } : { file, text: after };
}

export interface EditJournalOptions {
  sink: JournalSink;
  session: string;
  projectId: string;
  /** Wall-clock time, to date entries (recovery takes the newest draft). */
  clock: Clock;
  /** The stored revision the editor opened, and its content. */
  revision: number;
  base: ProjectContent;
}

/**
 * The writing side, one per open editor (AutosaveController drives it): `record` after every
 * edit, `rebase` whenever storage holds a new revision of what the editor shows.
 */
export class EditJournal {
  readonly session: string;
  private readonly sink: JournalSink;
  private readonly projectId: string;
  private readonly clock: Clock;
  private revision: number;
  private base: ProjectContent;
  /** What the stored revision plus the journal's entries add up to. */
  private written: ProjectContent;
  /** Files whose whole text is in this generation (splices are only written for those). */
  private readonly known = new Set<string>();
  private seq = 0;
  /** Whether the session has entries in storage (as far as this side knows). */
  private hasEntries = false;
  /** A write failed: the next edit starts a new generation rather than build on a gap. */
  private broken = false;

  constructor(options: EditJournalOptions) {
    this.sink = options.sink;
    this.session = options.session;
    this.projectId = options.projectId;
    this.clock = options.clock;
    this.revision = options.revision;
    this.base = options.base;
    this.written = options.base;
  }

  /** The editor now shows `current`: writes what changed since the last entry, at once. */
  record(current: ProjectContent): void {
    if (this.broken) {
      this.restart(current);
      return;
    }
    const changes = this.changesFrom(this.written, current);
    if (changes.length === 0 && current.name === this.written.name) return;
    const entry = this.entry(current, changes, !this.hasEntries);
    this.written = current;
    this.hasEntries = true;
    this.sink.appendJournal(entry).catch(() => {
      this.broken = true;
    });
  }

  /**
   * Storage now holds `base` at `revision` (a save landed, another tab's version or a restore
   * was taken): the journal starts again with only what `current` still adds to it.
   */
  rebase(revision: number, base: ProjectContent, current: ProjectContent): void {
    this.revision = revision;
    this.base = base;
    this.restart(current);
  }

  private restart(current: ProjectContent): void {
    this.known.clear();
    this.written = this.base;
    this.broken = false;
    const changes = this.changesFrom(this.base, current);
    const needed = changes.length > 0 || current.name !== this.base.name;
    if (!needed && !this.hasEntries) return;
    const entry = needed ? this.entry(current, changes, true) : null;
    this.written = needed ? current : this.base;
    this.hasEntries = needed;
    this.sink.rewriteJournal(this.session, entry).catch(() => {
      this.broken = true;
    });
  }

  private entry(current: ProjectContent, changes: JournalChange[], restart: boolean): JournalEntry {
    this.seq += 1;
    return {
      session: this.session,
      seq: this.seq,
      projectId: this.projectId,
      baseRevision: this.revision,
      at: this.clock.now(),
      ...(restart ? { restart: true as const } : {}),
      ...(current.name !== (restart ? this.base : this.written).name ? { name: current.name } : {}),
      changes,
    };
  }

  private changesFrom(before: ProjectContent, current: ProjectContent): JournalChange[] {
    const changes: JournalChange[] = [];
    for (const [file, text] of Object.entries(current.files)) {
      const old = Object.hasOwn(before.files, file) ? before.files[file] : undefined;
      if (old === text) continue;
      if (old !== undefined && this.known.has(file)) changes.push(spliceOrText(file, old, text));
      else changes.push({ file, text });
      this.known.add(file);
    }
    for (const file of Object.keys(before.files)) {
      if (!Object.hasOwn(current.files, file)) {
        changes.push({ file, deleted: true });
        this.known.add(file);
      }
    }
    return changes;
  }
}

/** What one session's journal adds up to, on top of the stored revision it builds on. */
export interface JournalReplay {
  readonly session: string;
  readonly projectId: string;
  readonly baseRevision: number;
  /** Time of the last entry that could be applied. */
  readonly at: number;
  readonly name?: string;
  /** Whole texts of the files the journal touched. */
  readonly files: ReadonlyMap<string, string>;
  readonly deleted: ReadonlySet<string>;
  /** False when an entry could not be applied: the edits after it were lost. */
  readonly complete: boolean;
}

/**
 * Adds up every session's entries (in any order, any mix of sessions). Each session yields its
 * last generation up to the first entry that does not follow on or does not fit; a session with
 * nothing applicable yields nothing.
 */
export function replayJournal(entries: readonly JournalEntry[]): JournalReplay[] {
  const sessions = new Map<string, JournalEntry[]>();
  for (const entry of entries) {
    const list = sessions.get(entry.session);
    if (list) list.push(entry);
    else sessions.set(entry.session, [entry]);
  }
  const replays: JournalReplay[] = [];
  for (const list of sessions.values()) {
    const replay = replaySession(list.sort((a, b) => a.seq - b.seq));
    if (replay) replays.push(replay);
  }
  return replays;
}

function replaySession(sorted: readonly JournalEntry[]): JournalReplay | null {
  let start = -1;
  for (let i = sorted.length - 1; i >= 0; i--) {
    if (sorted[i]!.restart) {
      start = i;
      break;
    }
  }
  if (start < 0) return null;
  const first = sorted[start]!;
  const files = new Map<string, string>();
  const deleted = new Set<string>();
  let name: string | undefined;
  let at = first.at;
  let complete = true;
  for (let i = start; i < sorted.length; i++) {
    const entry = sorted[i]!;
    const follows =
      (i === start || entry.seq === sorted[i - 1]!.seq + 1) &&
      entry.projectId === first.projectId &&
      entry.baseRevision === first.baseRevision;
    const applied = follows ? applyEntry(files, deleted, entry) : false;
    if (!applied) {
      complete = false;
      break;
    }
    if (entry.name !== undefined) name = entry.name;
    at = entry.at;
  }
  if (files.size === 0 && deleted.size === 0 && name === undefined) return null;
  return {
    session: first.session,
    projectId: first.projectId,
    baseRevision: first.baseRevision,
    at,
    ...(name === undefined ? {} : { name }),
    files,
    deleted,
    complete,
  };
}

/** Applies one entry to the texts, all or nothing. */
function applyEntry(files: Map<string, string>, deleted: Set<string>, entry: JournalEntry): boolean {
  const nextFiles = new Map(files);
  const nextDeleted = new Set(deleted);
  for (const change of entry.changes) {
    if ('deleted' in change) {
      nextFiles.delete(change.file);
      nextDeleted.add(change.file);
    } else if ('text' in change) {
      nextFiles.set(change.file, change.text);
      nextDeleted.delete(change.file);
    } else {
      const before = nextFiles.get(change.file);
      const after = before === undefined ? null : applySplice(before, change);
      if (after === null) return false;
      nextFiles.set(change.file, after);
    }
  }
  files.clear();
  for (const [file, text] of nextFiles) files.set(file, text);
  deleted.clear();
  for (const file of nextDeleted) deleted.add(file);
  return true;
}

/** The project a replay stands for, over the files of the revision it builds on. */
export function replayedContent(replay: JournalReplay, base: ProjectContent): ProjectContent {
  const files: Record<string, string> = {};
  for (const [file, text] of Object.entries(base.files)) {
    if (!replay.deleted.has(file)) Object.defineProperty(files, file, ownValue(text));
  }
  for (const [file, text] of replay.files) Object.defineProperty(files, file, ownValue(text));
  return { name: replay.name ?? base.name, files: files };
}

/** A plain own data property, so even a file called "__proto__" is just a file. */
function ownValue(value: string): PropertyDescriptor {
  return { value, enumerable: true, writable: true, configurable: true };
}
