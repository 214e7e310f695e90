import type { RepoId } from './repo-id.ts';

/** Spec 000 §3-§4: a repository is Unknown, Approved or Banned. */
export type RepoStatus = 'Unknown' | 'Approved' | 'Banned';

/** The part of the target configuration that decides repository status (names are case-insensitive). */
export interface RepoPolicy {
  approvedOrgs?: readonly string[];
  /** "owner/project" or "owner/project/subpath". */
  approvedRepos?: readonly string[];
  bannedOrgs?: readonly string[];
  bannedRepos?: readonly string[];
  /** Whether repositories that are neither approved nor banned may appear in search (spec 000 §6). */
  allowUnapproved?: boolean;
}

function has(list: readonly string[] | undefined, ...names: string[]): boolean {
  if (!list) return false;
  const wanted = new Set(names.map((n) => n.toLowerCase()));
  return list.some((entry) => wanted.has(entry.toLowerCase().replace(/^github:/, '')));
}

/** Banned (by organisation or repository) wins over approved; anything else is Unknown. */
export function repoStatus(repo: RepoId, policy: RepoPolicy): RepoStatus {
  if (has(policy.bannedOrgs, repo.owner) || has(policy.bannedRepos, repo.slug, repo.fullName)) return 'Banned';
  if (has(policy.approvedOrgs, repo.owner) || has(policy.approvedRepos, repo.slug, repo.fullName)) return 'Approved';
  return 'Unknown';
}

/**
 * Spec 000 §6: banned repositories never appear in search; unapproved (Unknown) ones only when the
 * configuration allows them.
 */
export function shownInSearch(status: RepoStatus, policy: RepoPolicy): boolean {
  if (status === 'Banned') return false;
  return status === 'Approved' || policy.allowUnapproved === true;
}
