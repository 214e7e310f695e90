/**
 * Repository ids for extensions (spec 000 §5): `owner/project[/subpath][#tag]`, optionally with a
 * "github:" prefix, or a code-host address (https://github.com/owner/project[/tree/branch/subpath])
 * or a pages address (https://owner.github.io/project). Everything else is unrecognised.
 */
export interface RepoId {
  owner: string;
  project: string;
  /** owner/project */
  slug: string;
  /** owner/project[/subpath] */
  fullName: string;
  subpath?: string;
  tag?: string;
}

const NAME = /^[A-Za-z0-9_.-]+$/;
const SUBPATH_SEGMENT = /^[A-Za-z0-9_.-]+$/;
const TAG = /^[A-Za-z0-9_.\-/+]+$/;

function validName(name: string): boolean {
  return NAME.test(name) && name !== '.' && name !== '..' && name.length <= 100;
}

export function parseRepoId(text: string): RepoId | null {
  let rest = text.trim();
  if (rest.length === 0 || rest.length > 500) return null;
  let tag: string | undefined;

  const pages = /^https?:\/\/([A-Za-z0-9-]+)\.github\.io\/([^/#?\s]+)(\/[^#?\s]*)?\/?$/i.exec(rest);
  if (pages) {
    rest = `${pages[1]}/${pages[2]}${pages[3] && pages[3] !== '/' ? pages[3].replace(/\/$/, '') : ''}`;
  } else {
    rest = rest.replace(/^github:/i, '');
    const url = /^(?:https?:\/\/)?(?:www\.)?github\.com\/(.+)$/i.exec(rest);
    if (url) {
      rest = url[1]!.replace(/\/$/, '');
      const tree = /^([^/]+)\/([^/]+)\/tree\/([^/#]+)(\/[^#]*)?$/.exec(rest);
      if (tree) {
        tag = tree[3];
        rest = `${tree[1]}/${tree[2]}${tree[4] ?? ''}`;
      } else if (/^[^/]+\/[^/]+\/tree(\/|$)/.test(rest)) {
        // A branch address with a #tag as well names two versions: refuse rather than guess.
        return null;
      }
    }
  }
  const hash = rest.indexOf('#');
  if (hash >= 0) {
    if (tag !== undefined) return null;
    tag = rest.slice(hash + 1);
    rest = rest.slice(0, hash);
    if (!TAG.test(tag) || tag.includes('..')) return null;
  }
  const parts = rest.split('/');
  if (parts.length < 2) return null;
  const owner = parts[0]!;
  const project = parts[1]!.replace(/\.git$/i, '');
  if (!validName(owner) || !validName(project)) return null;
  const sub = parts.slice(2);
  if (sub.some((segment) => !SUBPATH_SEGMENT.test(segment) || segment === '.' || segment === '..')) return null;
  const slug = `${owner}/${project}`;
  const subpath = sub.length > 0 ? sub.join('/') : undefined;
  const id: RepoId = { owner, project, slug, fullName: subpath ? `${slug}/${subpath}` : slug };
  if (subpath) id.subpath = subpath;
  if (tag) id.tag = tag;
  return id;
}

/** The canonical dependency text: `github:owner/project[/subpath][#tag]`. */
export function formatRepoId(id: RepoId): string {
  return `github:${id.fullName}${id.tag ? `#${id.tag}` : ''}`;
}
