// The local code host's JSON request bodies (valibot), as GitHub's git data API takes them. A body
// that does not match gets a 422 naming the first wrong field, as GitHub answers.

import * as v from 'valibot';

const MAX_NAME = 100;
const MAX_DESCRIPTION = 350;
const MAX_PATH = 4096;
const MAX_MESSAGE = 64 * 1024;
/** Tree entries in one request. */
export const MAX_TREE_ENTRIES = 1000;

/** An object id or a name the writer resolves; the writer says when it names nothing. */
const sha = v.pipe(v.string(), v.maxLength(100));
const text = (max: number) => v.pipe(v.string(), v.maxLength(max));

export const newRepoBody = v.object({
  name: text(MAX_NAME),
  // GitHub cuts a long description rather than refusing it.
  description: v.optional(
    v.pipe(
      v.string(),
      v.transform((d) => d.slice(0, MAX_DESCRIPTION)),
    ),
    '',
  ),
});

// The content's size is checked on its bytes (see MAX_BLOB_BYTES) after the body limit.
export const blobBody = v.object({ content: v.string(), encoding: v.optional(v.picklist(['utf-8', 'base64'])) });

export const treeBody = v.object({
  base_tree: v.optional(sha),
  tree: v.pipe(v.array(v.object({ path: text(MAX_PATH), sha: v.nullable(sha) })), v.maxLength(MAX_TREE_ENTRIES)),
});

export const commitBody = v.object({
  message: text(MAX_MESSAGE),
  tree: sha,
  parents: v.pipe(v.array(sha), v.maxLength(2)),
});

export const refBody = v.object({ ref: text(MAX_PATH), sha });

export const updateRefBody = v.object({ sha, force: v.optional(v.boolean(), false) });

/** The body as its schema reads it, or the message of the 422 that refuses it. */
export function readBody<S extends v.GenericSchema>(
  schema: S,
  body: unknown,
): { ok: true; body: v.InferOutput<S> } | { ok: false; message: string } {
  const result = v.safeParse(schema, body ?? {}, { abortEarly: true });
  if (result.success) return { ok: true, body: result.output };
  const issue = result.issues[0];
  const path = v.getDotPath(issue);
  return { ok: false, message: `${path ? `${path}: ` : ''}${issue.message}` };
}
