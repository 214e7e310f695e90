import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRepoId, parseRepoId, type RepoId } from './repo-id.ts';
import { repoStatus, shownInSearch, type RepoPolicy } from './repo-status.ts';

const nameChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.'.split(''));
const name = fc
  .array(nameChar, { minLength: 1, maxLength: 20 })
  .map((chars) => chars.join(''))
  .filter((text) => text !== '.' && text !== '..' && !/\.git$/i.test(text) && !text.includes('..'));
const tag = fc
  .array(fc.constantFrom(...'abcvV0123456789.-+_'.split('')), { minLength: 1, maxLength: 12 })
  .map((chars) => chars.join(''))
  .filter((text) => !text.includes('..'));

const repoIds = fc
  .record({
    owner: name,
    project: name,
    sub: fc.array(name, { maxLength: 3 }),
    tag: fc.option(tag, { nil: undefined }),
  })
  .map(({ owner, project, sub, tag }): RepoId => {
    const slug = `${owner}/${project}`;
    const subpath = sub.length > 0 ? sub.join('/') : undefined;
    const id: RepoId = { owner, project, slug, fullName: subpath ? `${slug}/${subpath}` : slug };
    if (subpath) id.subpath = subpath;
    if (tag) id.tag = tag;
    return id;
  });

describe('repository ids (properties)', () => {
  it('never throws, and anything recognised has a sane owner/project', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.webUrl()), (text) => {
        const id = parseRepoId(text);
        if (id === null) return;
        expect(id.slug).toBe(`${id.owner}/${id.project}`);
        expect(id.owner).toMatch(/^[A-Za-z0-9_.-]+$/);
        expect(id.project).toMatch(/^[A-Za-z0-9_.-]+$/);
        expect(`${id.fullName}/`.startsWith(`${id.slug}/`)).toBe(true);
        expect(id.fullName.split('/')).not.toContain('..');
      }),
      { numRuns: 2000 },
    );
  });

  it('reads back what it writes: the canonical text, the bare id and the code-host URL agree', () => {
    fc.assert(
      fc.property(repoIds, (id) => {
        expect(parseRepoId(formatRepoId(id))).toEqual(id);
        expect(parseRepoId(`${id.fullName}${id.tag ? `#${id.tag}` : ''}`)).toEqual(id);
        if (id.tag && !id.tag.includes('/')) {
          const url = `https://github.com/${id.slug}/tree/${id.tag}${id.subpath ? `/${id.subpath}` : ''}`;
          expect(parseRepoId(url)).toEqual(id);
        }
        if (!id.tag && /^[A-Za-z0-9-]+$/.test(id.owner)) {
          const path = `${id.project}${id.subpath ? `/${id.subpath}` : ''}`;
          expect(parseRepoId(`https://${id.owner}.github.io/${path}/`)).toEqual(id);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('banned always wins, whatever is also approved', () => {
    const list = fc.array(name, { maxLength: 4 });
    fc.assert(
      fc.property(repoIds, list, list, (id, orgs, repos) => {
        const approvedAll: RepoPolicy = { approvedOrgs: [id.owner, ...orgs], approvedRepos: [id.slug, ...repos] };
        expect(repoStatus(id, approvedAll)).toBe('Approved');
        expect(repoStatus(id, { ...approvedAll, bannedOrgs: [id.owner.toUpperCase()] })).toBe('Banned');
        expect(repoStatus(id, { ...approvedAll, bannedRepos: [`github:${id.fullName}`] })).toBe('Banned');
        expect(
          shownInSearch(repoStatus(id, { ...approvedAll, bannedOrgs: [id.owner], allowUnapproved: true }), {}),
        ).toBe(false);
      }),
    );
  });
});

describe('repository ids (more forms)', () => {
  it.each([
    ['http://www.github.com/owner/repo/', { slug: 'owner/repo' }],
    ['github.com/owner/repo#v2.0.1', { slug: 'owner/repo', tag: 'v2.0.1' }],
    ['https://github.com/owner/repo#v1.0.0', { slug: 'owner/repo', tag: 'v1.0.0' }],
    ['  owner/repo#v1  ', { slug: 'owner/repo', tag: 'v1' }],
    ['https://owner.github.io/repo', { slug: 'owner/repo', fullName: 'owner/repo' }],
  ])('reads %j', (text, expected) => {
    expect(parseRepoId(text)).toMatchObject(expected);
  });

  it.each([
    'https://github.com/owner',
    'https://github.com/owner/repo/tree/main/sub#v1',
    'https://evil.example/github.com/owner/repo',
    'ftp://github.com/owner/repo',
    'owner/repo#v1 v2',
    'owner/repo?x=1',
    'https://owner.github.io/',
    `owner/${'x'.repeat(101)}`,
  ])('does not recognise %j', (text) => {
    expect(parseRepoId(text)).toBeNull();
  });
});

describe('search visibility (spec 000 §6)', () => {
  it.each([
    ['Approved', {}, true],
    ['Unknown', {}, false],
    ['Unknown', { allowUnapproved: true }, true],
    ['Banned', { allowUnapproved: true }, false],
  ] as const)('%s with %j: shown %s', (status, policy, shown) => {
    expect(shownInSearch(status, policy)).toBe(shown);
  });
});
