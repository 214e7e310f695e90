import { describe, expect, it } from 'vitest';
import { isScriptId, isUuid, parseScriptId } from './ids.ts';
import { formatRepoId, parseRepoId } from './repo-id.ts';
import { repoStatus } from './repo-status.ts';

describe('script ids and UUIDs', () => {
  it('knows both script id forms', () => {
    expect(isScriptId('_4bJ3hE9vY2kP')).toBe(true);
    expect(isScriptId('12345-67890-12345-67890')).toBe(true);
    expect(isScriptId('S12345-67890-12345-67890')).toBe(true);
    for (const bad of ['_abc', '_4bJ3hE9vY2kP1', 'X12345-67890-12345-67890', '12345-67890-12345', '_4bJ3hE9vY2k!']) {
      expect(isScriptId(bad)).toBe(false);
    }
  });

  it('finds the id in share links', () => {
    expect(parseScriptId('https://makecode.microbit.org/_4bJ3hE9vY2kP')).toBe('_4bJ3hE9vY2kP');
    expect(parseScriptId(' https://example.org/#pub:_4bJ3hE9vY2kP ')).toBe('_4bJ3hE9vY2kP');
    expect(parseScriptId('https://example.org/S12345-67890-12345-67890/')).toBe('S12345-67890-12345-67890');
    expect(parseScriptId('https://example.org/projects/hello')).toBeNull();
  });

  it('knows UUIDs', () => {
    expect(isUuid('123e4567-e89b-12d3-a456-426614174000')).toBe(true);
    expect(isUuid('123E4567-E89B-12D3-A456-426614174000')).toBe(true);
    expect(isUuid('123e4567e89b12d3a456426614174000')).toBe(false);
    expect(isUuid('123e4567-e89b-12d3-a456-42661417400g')).toBe(false);
  });
});

describe('repository ids', () => {
  it.each([
    ['microsoft/pxt-neopixel', { slug: 'microsoft/pxt-neopixel', fullName: 'microsoft/pxt-neopixel' }],
    ['github:microsoft/pxt-neopixel#v0.7.3', { tag: 'v0.7.3', owner: 'microsoft', project: 'pxt-neopixel' }],
    ['GitHub:owner/mono/sub/dir#v1', { fullName: 'owner/mono/sub/dir', subpath: 'sub/dir', tag: 'v1' }],
    ['https://github.com/owner/repo', { slug: 'owner/repo' }],
    ['https://github.com/owner/repo.git', { slug: 'owner/repo' }],
    ['https://github.com/owner/mono/tree/main/demo2', { tag: 'main', subpath: 'demo2', fullName: 'owner/mono/demo2' }],
    ['https://owner.github.io/project/', { slug: 'owner/project' }],
    ['https://owner.github.io/project/docs', { fullName: 'owner/project/docs' }],
  ])('reads %s', (text, expected) => {
    expect(parseRepoId(text)).toMatchObject(expected);
  });

  it.each([
    '',
    'justone',
    'owner/',
    '/repo',
    'owner/repo#',
    'owner/re po',
    'https://gitlab.com/owner/repo',
    'owner/../x',
    'a/b#x..y',
  ])('does not recognise %j', (text) => {
    expect(parseRepoId(text)).toBeNull();
  });

  it('formats the canonical dependency text', () => {
    expect(formatRepoId(parseRepoId('https://github.com/owner/mono/tree/v2/x')!)).toBe('github:owner/mono/x#v2');
  });

  it('decides status from the policy, banned first, case-insensitively', () => {
    const repo = parseRepoId('github:Kitronik/pxt-kitronik-motor#v1.0.0')!;
    expect(repoStatus(repo, {})).toBe('Unknown');
    expect(repoStatus(repo, { approvedOrgs: ['kitronik'] })).toBe('Approved');
    expect(repoStatus(repo, { approvedRepos: ['kitronik/PXT-kitronik-motor'] })).toBe('Approved');
    expect(repoStatus(repo, { approvedOrgs: ['Kitronik'], bannedRepos: ['kitronik/pxt-kitronik-motor'] })).toBe(
      'Banned',
    );
    expect(repoStatus(repo, { approvedRepos: ['kitronik/pxt-kitronik-motor'], bannedOrgs: ['KITRONIK'] })).toBe(
      'Banned',
    );
    const sub = parseRepoId('owner/mono/one#v1')!;
    expect(repoStatus(sub, { bannedRepos: ['owner/mono/one'] })).toBe('Banned');
    expect(repoStatus(sub, { bannedRepos: ['owner/mono/two'] })).toBe('Unknown');
  });
});
