import { isRepoName } from './git-store.ts';
import { isObjectId, isRefName } from './ref-names.ts';

/**
 * Checks of the collaboration calls' inputs (URL parts and JSON bodies) before anything reaches
 * git or the disk. A refusal is GitHub's 422 "Validation Failed" shape, with a sentence that says
 * which field is wrong and what it must be.
 */
export interface Refusal {
  message: string;
  errors: { resource: string; field: string; code: 'missing_field' | 'invalid' }[];
}

export type Checked<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

/** The largest JSON body the collaboration calls take (a pull request's text is the biggest). */
export const COLLAB_BODY_LIMIT = 300 * 1024;
const MAX_TITLE = 256;
const MAX_PULL_BODY = 65536;
const MAX_COMMIT_MESSAGE = 10_000;

const refuse = (resource: string, field: string, code: 'missing_field' | 'invalid', message: string) => ({
  ok: false as const,
  refusal: { message, errors: [{ resource, field, code }] },
});

/** The owner and repository of the URL: GitHub's name characters, never a path or pattern trick. */
export function checkRepoParams(params: { owner: string; repo: string }): Refusal | undefined {
  for (const field of ['owner', 'repo'] as const) {
    if (!isRepoName(params[field])) {
      return refuse(
        'Repository',
        field,
        'invalid',
        `The ${field === 'owner' ? 'owner' : 'repository'} name is not valid: use 1 to 100 letters, digits, '.', '-' or '_'.`,
      ).refusal;
    }
  }
  return undefined;
}

type Fields = Record<string, unknown>;

/** A JSON object body; anything else (an array, a string, nothing) counts as empty. */
function bodyFields(body: unknown): Fields {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Fields) : {};
}

type TextRule = { required: boolean; max: number };

function text(resource: string, fields: Fields, field: string, rule: TextRule): Checked<string | undefined> {
  const value = fields[field];
  if (value === undefined || value === null || value === '') {
    return rule.required
      ? refuse(resource, field, 'missing_field', `${field} is missing.`)
      : { ok: true, value: undefined };
  }
  if (typeof value !== 'string') return refuse(resource, field, 'invalid', `${field} must be text.`);
  if (value.length > rule.max) {
    return refuse(resource, field, 'invalid', `${field} is too long: at most ${rule.max} characters.`);
  }
  return { ok: true, value };
}

function branch(resource: string, fields: Fields, field: string, orCommit = false): Checked<string> {
  const checked = text(resource, fields, field, { required: true, max: 200 });
  if (!checked.ok) return checked;
  const name = checked.value!;
  if (isRefName(name) || (orCommit && isObjectId(name))) return { ok: true, value: name };
  return refuse(resource, field, 'invalid', `${field} is not a valid branch name.`);
}

function flag(resource: string, fields: Fields, field: string): Checked<boolean> {
  const value = fields[field];
  if (value === undefined || value === null) return { ok: true, value: false };
  return typeof value === 'boolean'
    ? { ok: true, value }
    : refuse(resource, field, 'invalid', `${field} must be true or false.`);
}

export interface PullFields {
  title: string;
  body: string;
  head: string;
  base: string;
}

/**
 * POST pulls. `head` may be "owner:branch"; only this repository's owner is accepted there (the
 * local host keeps no pull requests between repositories), compared as plain text.
 */
export function checkPull(owner: string, input: unknown): Checked<PullFields> {
  const fields = bodyFields(input);
  const title = text('PullRequest', fields, 'title', { required: true, max: MAX_TITLE });
  if (!title.ok) return title;
  const body = text('PullRequest', fields, 'body', { required: false, max: MAX_PULL_BODY });
  if (!body.ok) return body;
  let headFields = fields;
  if (typeof fields.head === 'string' && fields.head.includes(':')) {
    const colon = fields.head.indexOf(':');
    if (fields.head.slice(0, colon).toLowerCase() !== owner.toLowerCase()) {
      return refuse('PullRequest', 'head', 'invalid', 'head must be a branch of this repository.');
    }
    headFields = { head: fields.head.slice(colon + 1) };
  }
  const head = branch('PullRequest', headFields, 'head');
  if (!head.ok) return head;
  const base = branch('PullRequest', fields, 'base');
  if (!base.ok) return base;
  return { ok: true, value: { title: title.value!, body: body.value ?? '', head: head.value, base: base.value } };
}

export interface MergeFields {
  base: string;
  head: string;
  message: string | undefined;
}

export function checkMerge(input: unknown): Checked<MergeFields> {
  const fields = bodyFields(input);
  const base = branch('Merge', fields, 'base');
  if (!base.ok) return base;
  const head = branch('Merge', fields, 'head', true);
  if (!head.ok) return head;
  const message = text('Merge', fields, 'commit_message', { required: false, max: MAX_COMMIT_MESSAGE });
  if (!message.ok) return message;
  return { ok: true, value: { base: base.value, head: head.value, message: message.value } };
}

export interface ReleaseFields {
  tag_name: string;
  target_commitish: string;
  name: string;
  draft: boolean;
  prerelease: boolean;
}

export function checkRelease(input: unknown): Checked<ReleaseFields> {
  const fields = bodyFields(input);
  const tag = text('Release', fields, 'tag_name', { required: true, max: 100 });
  if (!tag.ok) return tag;
  if (!isRefName(tag.value!)) return refuse('Release', 'tag_name', 'invalid', 'tag_name is not a valid tag name.');
  let target = 'main';
  if (fields.target_commitish !== undefined && fields.target_commitish !== null && fields.target_commitish !== '') {
    const checked = branch('Release', fields, 'target_commitish', true);
    if (!checked.ok) return checked;
    target = checked.value;
  }
  const name = text('Release', fields, 'name', { required: false, max: MAX_TITLE });
  if (!name.ok) return name;
  const draft = flag('Release', fields, 'draft');
  if (!draft.ok) return draft;
  const prerelease = flag('Release', fields, 'prerelease');
  if (!prerelease.ok) return prerelease;
  return {
    ok: true,
    value: {
      tag_name: tag.value!,
      target_commitish: target,
      name: name.value ?? tag.value!,
      draft: draft.value,
      prerelease: prerelease.value,
    },
  };
}
