// A teacher's MakeCode tutorial from a file or a link (issue 14): read it (size-capped), check it
// is a tutorial, and say in plain words what went wrong when not. Links are to markdown on
// GitHub (how teachers share MakeCode tutorials): a github.com file page, a raw file, MakeCode's
// `#tutorial:github:owner/repo/path` or `#tutorial:https://…` form. Other sites are refused: the
// page may only connect to raw.githubusercontent.com (apps/server's Content-Security-Policy).

import { isTutorialFormatError, parseTutorial, type TutorialParseResult } from '@blockyard/core';

/** Bigger than any real tutorial (spec 001 caps the parser at 1,000,000 characters). */
export const MAX_TUTORIAL_BYTES = 1_000_000;
/** How long a link may take to answer (ms). */
const TUTORIAL_FETCH_TIMEOUT_MS = 20_000;
const TUTORIAL_HOST = 'https://raw.githubusercontent.com';

export type TutorialOpenProblem = 'not-a-link' | 'other-site' | 'unreachable' | 'too-big' | 'invalid';

export class TutorialOpenError extends Error {
  override readonly name = 'TutorialOpenError';
  constructor(
    readonly problem: TutorialOpenProblem,
    detail?: string,
  ) {
    super(detail ?? problem);
  }
}

/** A file or folder name: letters, digits, `_ . -`, never `.` or `..` alone. */
const SEGMENT = /^(?!\.{1,2}$)[\w.-]+$/;

function rawGitHub(owner: string, repo: string, branch: string, path: string[]): string {
  const file = path.join('/');
  return `${TUTORIAL_HOST}/${owner}/${repo}/${branch}/${/\.md$/i.test(file) ? file : `${file}.md`}`;
}

/** The address to fetch for what a teacher pasted; throws TutorialOpenError when there is none. */
export function tutorialLinkUrl(text: string): string {
  let link = text.trim();
  const hash = /#tutorial:(.+)$/.exec(link);
  if (hash) {
    try {
      link = decodeURIComponent(hash[1]!);
    } catch {
      throw new TutorialOpenError('not-a-link');
    }
  }
  const github = /^github:([^/]+)\/([^/#?]+)\/?(.*)$/.exec(link);
  if (github) {
    const [, owner = '', repo = '', rest = ''] = github;
    const [repoName, branch = 'HEAD'] = repo.split('#');
    const path = rest.split('/').filter(Boolean);
    if (![owner, repoName ?? '', ...path].every((s) => SEGMENT.test(s))) throw new TutorialOpenError('not-a-link');
    return rawGitHub(owner, repoName!, branch, path.length ? path : ['README.md']);
  }
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw new TutorialOpenError('not-a-link');
  }
  if (url.protocol !== 'https:') throw new TutorialOpenError(url.protocol === 'http:' ? 'other-site' : 'not-a-link');
  const parts = url.pathname.split('/').filter(Boolean);
  if (url.host === 'raw.githubusercontent.com' && parts.length >= 4) return `${TUTORIAL_HOST}${url.pathname}`;
  if (url.host === 'github.com' && parts.length >= 5 && (parts[2] === 'blob' || parts[2] === 'raw')) {
    return rawGitHub(parts[0]!, parts[1]!, parts[3]!, parts.slice(4));
  }
  throw new TutorialOpenError('other-site');
}

/** Checks `markdown` is a tutorial; throws TutorialOpenError('invalid') with the spec's message. */
export function checkTutorial(markdown: string): TutorialParseResult {
  try {
    return parseTutorial(markdown);
  } catch (error) {
    if (isTutorialFormatError(error)) throw new TutorialOpenError('invalid', error.message);
    throw error;
  }
}

/** The text of a chosen file (anything too big is refused before it is read). */
export async function readTutorialFile(file: Pick<File, 'size' | 'text'>): Promise<string> {
  if (file.size > MAX_TUTORIAL_BYTES) throw new TutorialOpenError('too-big');
  return file.text();
}

/** Fetches a tutorial link (size-capped while reading, with a time limit). */
export async function fetchTutorial(
  link: string,
  fetchFn: typeof fetch = (...args) => fetch(...args),
  timeoutMs = TUTORIAL_FETCH_TIMEOUT_MS,
): Promise<string> {
  const url = tutorialLinkUrl(link);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await download(url, fetchFn, controller.signal);
  } catch (error) {
    // A dropped connection or the time limit while reading: the link did not answer in full.
    throw error instanceof TutorialOpenError ? error : new TutorialOpenError('unreachable');
  } finally {
    clearTimeout(timer);
  }
}

async function download(url: string, fetchFn: typeof fetch, signal: AbortSignal): Promise<string> {
  {
    let response: Response;
    try {
      response = await fetchFn(url, { signal, credentials: 'omit', redirect: 'error' });
    } catch {
      throw new TutorialOpenError('unreachable');
    }
    if (!response.ok) throw new TutorialOpenError('unreachable', `HTTP ${response.status}`);
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > MAX_TUTORIAL_BYTES) throw new TutorialOpenError('too-big');
    const reader = response.body?.getReader();
    if (!reader) return await response.text();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_TUTORIAL_BYTES) {
        await reader.cancel();
        throw new TutorialOpenError('too-big');
      }
      chunks.push(value);
    }
    const all = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      all.set(chunk, at);
      at += chunk.byteLength;
    }
    return new TextDecoder().decode(all);
  }
}
