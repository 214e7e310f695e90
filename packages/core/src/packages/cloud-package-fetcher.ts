import type { HttpClient } from '../effects/http-client.ts';
import type { ProjectFiles } from '../project/project-files.ts';
import type { GhErrorAnswer, GhPackageAnswer, GhRefsAnswer, GhSearchAnswer, RepoDescriptor } from './gh-api.ts';
import type { PackageFetcher } from './package-fetcher.ts';
import type { PackageSource } from './package-source.ts';

/** The proxy said no (or could not be reached): `message` is ready to show. */
export class GhProxyError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'GhProxyError';
  }

  /** What the proxy's status means for the learner (extensions and projects from a repository). */
  get reason(): 'banned' | 'notFound' | 'tooBig' | 'notRecognised' | 'unreachable' {
    switch (this.status) {
      case 403:
        return 'banned';
      case 404:
        return 'notFound';
      case 413:
        return 'tooBig';
      case 400:
        return 'notRecognised';
      default:
        return 'unreachable';
    }
  }
}

/**
 * Fetches extensions from repositories through our server's code-host proxy (`/api/gh/...`).
 * Built-in and folder packages come from `fallback` (the bundled libraries, or disk in the CLI).
 */
export class CloudPackageFetcher implements PackageFetcher {
  constructor(
    private readonly http: HttpClient,
    /** Where the server's API is, e.g. "/api" in the browser or "http://localhost:3000/api". */
    private readonly apiBase: string,
    private readonly fallback?: PackageFetcher,
  ) {}

  async fetch(source: PackageSource): Promise<ProjectFiles | null> {
    if (source.kind !== 'repository') return this.fallback ? this.fallback.fetch(source) : null;
    const { repo } = source;
    let query = `tag=${encodeURIComponent(repo.tag ?? '')}`;
    if (repo.subpath) query += `&subpath=${encodeURIComponent(repo.subpath)}`;
    const answer = await this.get<GhPackageAnswer>(`gh/${repo.owner}/${repo.project}/pkg?${query}`);
    return answer === null ? null : answer.files;
  }

  /** Tags and branches of a repository ("refs/tags/v1.0.0" -> commit), or null when there is none. */
  async refs(owner: string, project: string): Promise<Record<string, string> | null> {
    const answer = await this.get<GhRefsAnswer>(`gh/${owner}/${project}/refs`);
    return answer?.refs ?? null;
  }

  async repository(owner: string, project: string): Promise<RepoDescriptor | null> {
    return this.get<RepoDescriptor>(`gh/${owner}/${project}`);
  }

  async search(query: string, target = 'microbit', platform = 'microbit'): Promise<RepoDescriptor[]> {
    const answer = await this.get<GhSearchAnswer>(`ghsearch/${target}/${platform}?q=${encodeURIComponent(query)}`);
    return answer?.items ?? [];
  }

  /** null for 404; a GhProxyError with the server's message for every other failure. */
  private async get<T>(path: string): Promise<T | null> {
    const url = `${this.apiBase.replace(/\/$/, '')}/${path}`;
    let status: number;
    let text: string;
    try {
      const response = await this.http.request({ url, headers: { accept: 'application/json' } });
      status = response.status;
      text = await response.text();
    } catch {
      throw new GhProxyError('Blockyard could not reach its server. Check the connection and try again.', 0);
    }
    if (status === 404) return null;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (status !== 200) {
      const message = (body as Partial<GhErrorAnswer> | undefined)?.message;
      throw new GhProxyError(
        typeof message === 'string' ? message : `The code host answered with an error (${status}).`,
        status,
      );
    }
    if (body === undefined) throw new GhProxyError('The code host gave an answer Blockyard cannot read.', status);
    return body as T;
  }
}
