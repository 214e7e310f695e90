// Every block help page made from the API metadata: one page per `help=` path (functions that
// share one, like sin and cos, share the page), and a page named after the category and the
// function for a block that names none. Pure; Python is added by the caller (it needs TypeScript).
import { hasBlock, type ApiFunction, type ApiMetadata } from '@blockyard/language';
import { blockPicture } from './block-picture.ts';
import { referenceCategory } from './reference-category.ts';
import { receiverName, referenceExample } from './reference-example.ts';
import type { ReferenceEntry, ReferencePageData, ReferenceParameter } from './reference-model.ts';

/** How many other blocks of the same category a page links to. */
export const RELATED_LINKS = 6;

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** Functions that deserve a page: those with a block or a `help=` path. */
export function isDocumented(fn: ApiFunction): boolean {
  return fn.help !== undefined || hasBlock(fn);
}

/** The page of a function under /reference/: its `help=` path, else `{category}/{name}`. */
export function referencePath(fn: ApiFunction): string {
  return fn.help ?? `${fn.category.toLowerCase()}/${kebab(fn.name)}`;
}

/** "show number" for basic/show-number. */
export function referenceTitle(path: string): string {
  return (path.split('/').pop() ?? path).replace(/-/g, ' ');
}

export interface PythonNaming {
  /** `basic.showNumber` -> `basic.show_number`; methods by their bare name. */
  functionName(fn: ApiFunction): string;
  parameterName(name: string): string;
}

function signature(meta: ApiMetadata, fn: ApiFunction): string {
  if (fn.kind === 'property') return `${receiverName(meta, fn.owner)}.${fn.name}: ${fn.returnType}`;
  const params = fn.parameters.map((p) => `${p.name}${p.optional ? '?' : ''}: ${p.type}`).join(', ');
  const target = fn.kind === 'method' ? `${receiverName(meta, fn.owner)}.${fn.name}` : fn.qName;
  return `${target}(${params}): ${fn.returnType}`;
}

const PYTHON_TYPES: Record<string, string> = { string: 'str', boolean: 'bool', void: 'None' };

function pythonSignature(meta: ApiMetadata, fn: ApiFunction, naming: PythonNaming): string {
  const name = naming.functionName(fn);
  const type = (t: string) => PYTHON_TYPES[t] ?? t;
  if (fn.kind === 'property') return `${receiverName(meta, fn.owner)}.${name}: ${type(fn.returnType)}`;
  const params = fn.parameters
    .map((p) => {
      const base = `${naming.parameterName(p.name)}: ${p.handler ? 'Callable' : type(p.type)}`;
      return p.optional ? `${base} = ${p.defaultValue ?? 'None'}` : base;
    })
    .join(', ');
  const target = fn.kind === 'method' ? `${receiverName(meta, fn.owner)}.${name}` : name;
  return `${target}(${params}) -> ${type(fn.returnType)}`;
}

function entry(meta: ApiMetadata, fn: ApiFunction, naming?: PythonNaming): ReferenceEntry {
  const parameters: ReferenceParameter[] = fn.parameters.map((p) => ({
    name: p.name,
    type: p.type,
    doc: p.doc,
    optional: p.optional,
    ...(p.defaultValue !== undefined ? { defaultValue: p.defaultValue } : {}),
  }));
  const block = blockPicture(meta, fn);
  return {
    qName: fn.qName,
    ...(block ? { block } : {}),
    signature: signature(meta, fn),
    ...(naming ? { pythonSignature: pythonSignature(meta, fn, naming) } : {}),
    doc: fn.doc,
    parameters,
    returns: fn.returnType,
  };
}

export interface CatalogueOptions {
  readonly python?: PythonNaming;
  /** TypeScript to Python for the examples (undefined when it cannot be said in Python). */
  readonly toPython?: (code: string) => string | undefined;
  /** Only these functions get pages (an extension's, over the board's metadata merged with it). */
  readonly only?: (fn: ApiFunction) => boolean;
}

/** Every page, sorted by path; each lists its functions with blocks first, heaviest first. */
export function buildReferenceCatalogue(meta: ApiMetadata, options: CatalogueOptions = {}): ReferencePageData[] {
  const byPath = new Map<string, ApiFunction[]>();
  for (const fn of Object.values(meta.functions)) {
    if (!isDocumented(fn) || (options.only && !options.only(fn))) continue;
    const path = referencePath(fn);
    byPath.set(path, [...(byPath.get(path) ?? []), fn]);
  }
  const pages: ReferencePageData[] = [];
  for (const [path, fns] of byPath) {
    fns.sort(
      (a, b) =>
        Number(a.deprecated) - Number(b.deprecated) ||
        Number(hasBlock(b)) - Number(hasBlock(a)) ||
        Number(b.kind === 'function') - Number(a.kind === 'function') ||
        b.weight - a.weight,
    );
    const first = fns[0]!;
    const category = referenceCategory(meta, first);
    const example = fns.map((fn) => referenceExample(meta, fn)).find((code) => code !== undefined);
    const examplePython = example === undefined ? undefined : options.toPython?.(example);
    pages.push({
      path,
      title: referenceTitle(path),
      category: category.id,
      categoryLabel: category.label,
      colour: category.colour,
      entries: fns.map((fn) => entry(meta, fn, options.python)),
      ...(example !== undefined ? { example } : {}),
      ...(examplePython !== undefined ? { examplePython } : {}),
      related: [],
    });
  }
  pages.sort((a, b) => a.path.localeCompare(b.path));
  return pages.map((page) => ({ ...page, related: related(page, pages) }));
}

/** Pages of the same category, nearest in the alphabet first (a page's neighbours). */
function related(page: ReferencePageData, pages: readonly ReferencePageData[]): { path: string; title: string }[] {
  const same = pages.filter((other) => other.category === page.category);
  const at = same.findIndex((other) => other.path === page.path);
  return same
    .map((other, index) => ({ other, distance: Math.abs(index - at) }))
    .filter(({ other }) => other.path !== page.path)
    .sort((a, b) => a.distance - b.distance)
    .slice(0, RELATED_LINKS)
    .map(({ other }) => ({ path: other.path, title: other.title }));
}
