import { describe, expect, it } from 'vitest';
import type * as v from 'valibot';
import {
  MAX_TREE_ENTRIES,
  blobBody,
  commitBody,
  newRepoBody,
  readBody,
  refBody,
  treeBody,
  updateRefBody,
} from './write-routes-schema.ts';

const sha = 'a'.repeat(40);

describe("the code host's request bodies", () => {
  it.each<[string, v.GenericSchema, unknown, unknown]>([
    [
      'a new repository',
      newRepoBody,
      { name: 'p', description: 'd'.repeat(400) },
      { name: 'p', description: 'd'.repeat(350) },
    ],
    ['a new repository without a description', newRepoBody, { name: 'p' }, { name: 'p', description: '' }],
    ['a blob', blobBody, { content: 'aGk=', encoding: 'base64', extra: 1 }, { content: 'aGk=', encoding: 'base64' }],
    [
      'a tree',
      treeBody,
      { base_tree: sha, tree: [{ path: 'a', sha: null }] },
      { base_tree: sha, tree: [{ path: 'a', sha: null }] },
    ],
    ['a commit', commitBody, { message: 'm', tree: sha, parents: [sha] }, { message: 'm', tree: sha, parents: [sha] }],
    ['a ref', refBody, { ref: 'refs/heads/main', sha }, { ref: 'refs/heads/main', sha }],
    ['a ref update', updateRefBody, { sha }, { sha, force: false }],
  ])('reads %s', (_name, schema, body, expected) => {
    expect(readBody(schema, body)).toEqual({ ok: true, body: expected });
  });

  it.each<[string, v.GenericSchema, unknown, string]>([
    ['no body', newRepoBody, undefined, 'name: Invalid key'],
    ['a numeric name', newRepoBody, { name: 3 }, 'name: Invalid type'],
    ['a long name', newRepoBody, { name: 'n'.repeat(101) }, 'name: Invalid length'],
    ['a blob without content', blobBody, {}, 'content: Invalid key'],
    ['a blob in hex', blobBody, { content: '00', encoding: 'hex' }, 'encoding: Invalid type'],
    ['a tree that is not a list', treeBody, { tree: {} }, 'tree: Invalid type'],
    ['a tree entry without a path', treeBody, { tree: [{ sha }] }, 'tree.0.path: Invalid key'],
    ['a tree entry with a numeric sha', treeBody, { tree: [{ path: 'a', sha: 1 }] }, 'tree.0.sha: Invalid type'],
    [
      'too many tree entries',
      treeBody,
      { tree: new Array(MAX_TREE_ENTRIES + 1).fill({ path: 'a', sha: null }) },
      'tree: Invalid length',
    ],
    [
      'a commit with three parents',
      commitBody,
      { message: 'm', tree: sha, parents: [sha, sha, sha] },
      'parents: Invalid length',
    ],
    ['a commit without a tree', commitBody, { message: 'm', parents: [] }, 'tree: Invalid key'],
    ['a ref without a sha', refBody, { ref: 'refs/heads/x' }, 'sha: Invalid key'],
    ['a forced update that says "yes"', updateRefBody, { sha, force: 'yes' }, 'force: Invalid type'],
  ])('refuses %s', (_name, schema, body, message) => {
    const read = readBody(schema, body);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.message).toContain(message);
  });
});
