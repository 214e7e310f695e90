import type { RepoStatus } from '../identifiers/repo-status.ts';

/**
 * The answers of our server's code-host proxy (`/api/gh/...`, `/api/ghsearch/...`, spec 000 §7
 * "Product cloud"), shared by the server that gives them and the clients that read them.
 */

/** Spec 000 §3 "Repository descriptor". */
export interface RepoDescriptor {
  owner: string;
  /** owner/project */
  slug: string;
  /** owner/project[/subpath] */
  fullName: string;
  /** The pxt.json's name when known, else the project name. */
  name: string;
  fileName?: string;
  description: string;
  defaultBranch: string;
  tag?: string;
  updatedAt: string;
  fork: boolean;
  private: boolean;
  status: RepoStatus;
}

/** GET /api/gh/{owner}/{project}/refs: every tag and branch with its commit. */
export interface GhRefsAnswer {
  refs: Record<string, string>;
}

/** GET /api/gh/{owner}/{project}/pkg?tag=&subpath=: an extension's files at a tag. */
export interface GhPackageAnswer {
  /** The commit the tag names. */
  sha: string;
  /** pxt.json, the files it lists that exist, and README.md; missing files are simply absent. */
  files: Record<string, string>;
}

/** GET /api/ghsearch/{target}/{platform}?q=: repositories shown to this target, best first. */
export interface GhSearchAnswer {
  items: RepoDescriptor[];
}

/** Any error answer of the proxy: a plain-language message. */
export interface GhErrorAnswer {
  message: string;
}

/** Code-host proxy limits: what one extension may bring. */
export const GH_PACKAGE_LIMITS = {
  maxFiles: 100,
  maxFileBytes: 512 * 1024,
  maxTotalBytes: 4 * 1024 * 1024,
} as const;
