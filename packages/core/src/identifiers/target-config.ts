import type { RepoPolicy } from './repo-status.ts';

/**
 * The target configuration's extension part (spec 000 §4 "Repository status", §6): which
 * organisations and repositories are approved or banned, and whether unapproved ones may be found.
 * The server serves it at /api/config/microbit/targetconfig; the editor and the CLI read it from
 * here. `blockyard-test` is the organisation of the local code host's fixture extensions and
 * `banned-maker` the one that proves banning works (neither exists on a public code host).
 */
export interface TargetConfig {
  packages: RepoPolicy;
}

export const TARGET_CONFIG: TargetConfig = {
  packages: {
    approvedOrgs: ['microsoft', 'microbit-foundation', 'blockyard', 'blockyard-test'],
    approvedRepos: [],
    bannedOrgs: ['banned-maker'],
    bannedRepos: [],
    allowUnapproved: true,
  },
};
