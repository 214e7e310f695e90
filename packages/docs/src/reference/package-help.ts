// Extension help pages (`/pkg/{package}`, spec 000 §2): which extension an address names, the
// address of an extension and of one of its blocks, and the extension's blocks as help pages made
// the same way as the board's (`buildReferenceCatalogue` over the board's metadata merged with the
// extension's, keeping only the extension's functions).
import { snakeCase, type ApiFunction, type ApiMetadata } from '@blockyard/language';
import { buildReferenceCatalogue } from './reference-catalogue.ts';
import type { ReferencePageData } from './reference-model.ts';

/** An extension named by a help address: one of ours, or a code-host repository (at a tag). */
export type PackageRef =
  | { readonly kind: 'builtin'; readonly id: string }
  | { readonly kind: 'repository'; readonly owner: string; readonly project: string; readonly tag?: string };

/** Names as the code host and our extension folders allow them. */
const NAME = /^[A-Za-z0-9_.-]{1,100}$/;
const TAG = /^[A-Za-z0-9_.+-]{1,100}$/;
const validName = (name: string) => NAME.test(name) && name !== '.' && name !== '..';

/**
 * What `/pkg/{splat}` names: `servo-kit` (ours), `owner/project` (its newest release) or
 * `owner/project/v1.2.0` (that release); undefined for anything else.
 */
export function parsePackagePath(splat: string): PackageRef | undefined {
  const parts = splat.replace(/^\/+|\/+$/g, '').split('/');
  if (parts.length === 1 && validName(parts[0]!)) return { kind: 'builtin', id: parts[0]! };
  const [owner, project, tag] = parts;
  if (parts.length > 3 || owner === undefined || project === undefined) return undefined;
  if (!validName(owner) || !validName(project)) return undefined;
  if (tag === undefined) return { kind: 'repository', owner, project };
  return TAG.test(tag) ? { kind: 'repository', owner, project, tag } : undefined;
}

/** The help address of an extension: `/pkg/servo-kit`, `/pkg/owner/project/v1.2.0`. */
export function packageHelpPath(ref: PackageRef): string {
  if (ref.kind === 'builtin') return `/pkg/${ref.id}`;
  return `/pkg/${ref.owner}/${ref.project}${ref.tag ? `/${ref.tag}` : ''}`;
}

/** How the extension is named to a learner and to the package loader: `servo-kit`, `owner/project#v1.2.0`. */
export function packageRefText(ref: PackageRef): string {
  if (ref.kind === 'builtin') return ref.id;
  return `${ref.owner}/${ref.project}${ref.tag ? `#${ref.tag}` : ''}`;
}

/** The anchor of a block on its extension's page: `servos.setAngle` -> `servos-set-angle`. */
export function packageBlockAnchor(qName: string): string {
  return qName
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .toLowerCase();
}

/** A block's Help address on its extension's page. */
export function packageBlockHelpUrl(ref: PackageRef, qName: string): string {
  return `${packageHelpPath(ref)}#${packageBlockAnchor(qName)}`;
}

/**
 * The extension's blocks as help pages: block picture, words, signature and parameters from its
 * `//%` annotations and JSDoc, and an example made by the same rules as the board's. `merged` is
 * the board's metadata with the extension's added (its blocks may use the board's shadow blocks
 * and enums); `own` says which functions are the extension's. `pythonNames` (qualified name ->
 * Python name, as the Python converter has them with the extension loaded) adds the Python
 * signatures; a function it lacks is named by the snake-case rule. The examples' Python needs the
 * converter: `withPythonExamples` adds it.
 */
export function buildPackageHelp(
  merged: ApiMetadata,
  own: (fn: ApiFunction) => boolean,
  pythonNames?: Readonly<Record<string, string>>,
): ReferencePageData[] {
  return buildReferenceCatalogue(merged, {
    only: own,
    ...(pythonNames
      ? {
          python: {
            functionName: (fn: ApiFunction) =>
              (Object.hasOwn(pythonNames, fn.qName) ? pythonNames[fn.qName] : undefined) ??
              (fn.kind === 'function' ? fn.qName.replace(/[^.]+$/, snakeCase(fn.name)) : snakeCase(fn.name)),
            parameterName: snakeCase,
          },
        }
      : {}),
  });
}

/** The pages with their examples' Python (`python[i]` for the i-th page with an example; null: none). */
export function withPythonExamples(
  pages: readonly ReferencePageData[],
  python: readonly (string | null | undefined)[],
): ReferencePageData[] {
  let next = 0;
  return pages.map((page) => {
    if (page.example === undefined) return page;
    const said = python[next++];
    return typeof said === 'string' && said ? { ...page, examplePython: said } : page;
  });
}

/** The examples of the pages, in order, as `withPythonExamples` takes their Python. */
export function packageExamples(pages: readonly ReferencePageData[]): string[] {
  return pages.flatMap((page) => (page.example === undefined ? [] : [page.example]));
}
