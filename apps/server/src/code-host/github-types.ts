/** The shapes of the GitHub REST answers the code host gives and the gh proxy reads (subset). */
export interface GhRepo {
  id: number;
  name: string;
  full_name: string;
  owner: { login: string; type: string };
  private: boolean;
  fork: boolean;
  description: string | null;
  topics?: string[];
  default_branch: string;
  updated_at: string;
  pushed_at?: string;
  stargazers_count?: number;
  html_url: string;
}

export interface GhRef {
  ref: string;
  object: { sha: string; type: string; url?: string };
}

export interface GhFile {
  type: 'file';
  encoding: 'base64';
  size: number;
  name: string;
  path: string;
  sha: string;
  content: string;
}

export interface GhTreeItem {
  type: 'file' | 'dir';
  path: string;
  name: string;
  sha: string;
  size: number;
}

export interface GhCommit {
  sha: string;
  message: string;
  parents: { sha: string }[];
}

export interface GhCommitListItem {
  sha: string;
  commit: { message: string };
}

export interface GhSearch {
  total_count: number;
  incomplete_results: boolean;
  items: GhRepo[];
}

export interface GhError {
  message: string;
}
