// An extension's help page (`/pkg/...`) as data: the extension loaded the way a project loads it
// (ours from the bundle, a repository through the server's /api/gh proxy, with the same checks
// and caps), its `//%` annotations read by the compiler worker without touching the editor's
// blocks, and its blocks drawn as help pages over the board's metadata. Failures are an
// ExtensionError, which the page says in plain words.
import {
  buildPackageHelp,
  packageExamples,
  packageRefText,
  withPythonExamples,
  type PackageRef,
  type ReferencePageData,
} from '@blockyard/docs';
import { mergeApiMetadata } from '@blockyard/language';
import type { ExtensionsAnswer } from '@blockyard/compiler-worker';
import { apiMetadata } from 'virtual:blockyard/api-metadata';
import { builtinExtension } from '../extensions/builtin-extensions.ts';
import {
  ExtensionError,
  type ExtensionHost,
  loadProjectExtensions,
  prepareExtension,
  problemText,
} from '../extensions/project-extensions.ts';

/** Reads what extension files add (the worker's `readExtensions`). */
export type ExtensionReader = (files: Readonly<Record<string, string>>) => Promise<ExtensionsAnswer>;
/** Says programs in Python with the extension files' names (the worker's `readExtensionsPython`). */
export type ExtensionPython = (files: Readonly<Record<string, string>>, code: string[]) => Promise<(string | null)[]>;

export interface PackageHelp {
  /** The extension's name (its pxt.json name, the dependency name). */
  readonly id: string;
  /** How it was named: `servo-kit`, `owner/project#v1.2.0` (the release actually shown). */
  readonly ref: string;
  readonly builtin: boolean;
  readonly description: string;
  readonly version?: string;
  /** The dependency a project needs to use it (its examples open in a project with it). */
  readonly dependency: { readonly id: string; readonly spec: string };
  readonly pages: readonly ReferencePageData[];
  /** Its functions that work only on the board (C++), by qualified name. */
  readonly boardOnly: readonly string[];
}

/** A pxt.json that names only this extension, as a project that uses it would. */
function projectUsing(id: string, spec: string) {
  return { 'pxt.json': JSON.stringify({ name: 'help', files: [], dependencies: { [id]: spec } }) };
}

export async function loadPackageHelp(
  ref: PackageRef,
  host: ExtensionHost | undefined,
  read: ExtensionReader,
  python?: ExtensionPython,
): Promise<PackageHelp> {
  const named = packageRefText(ref);
  if (ref.kind === 'builtin' && !builtinExtension(ref.id)) throw new ExtensionError('notFound', named);
  // The same finding and checks as adding it to a project (newest release when no tag is named).
  const prepared = await prepareExtension(named, projectUsing('nothing', '*'), host);
  const load = await loadProjectExtensions(projectUsing(prepared.id, prepared.spec), host).catch((error: unknown) => {
    throw new ExtensionError('unreachable', named, error instanceof Error ? error.message : String(error));
  });
  const extension = load.extensions.find((e) => e.id === prepared.id);
  if (!extension?.loaded) {
    throw new ExtensionError('broken', named, extension?.problem ? problemText(extension.problem) : undefined);
  }
  let answer: ExtensionsAnswer;
  try {
    answer = await read(load.files);
  } catch (error) {
    throw new ExtensionError('broken', named, error instanceof Error ? error.message : String(error));
  }
  // The board's blocks win over an extension's of the same name, as in the editor.
  const own = (qName: string) =>
    answer.packageOf[qName] === prepared.id && !Object.hasOwn(apiMetadata.functions, qName);
  const made = buildPackageHelp(
    mergeApiMetadata(apiMetadata, answer.metadata),
    (fn) => own(fn.qName),
    answer.pythonNames ?? {},
  );
  // The examples in Python too; without it (the worker failed) they stay JavaScript only.
  const examples = packageExamples(made);
  const said = python && examples.length ? await python(load.files, examples).catch(() => []) : [];
  const pages = withPythonExamples(made, said);
  const tag = ref.kind === 'repository' ? /#(.+)$/.exec(prepared.spec)?.[1] : undefined;
  return {
    id: prepared.id,
    ref: ref.kind === 'builtin' ? ref.id : packageRefText({ ...ref, ...(tag ? { tag } : {}) }),
    builtin: ref.kind === 'builtin',
    description: prepared.description,
    ...(prepared.version ? { version: prepared.version } : {}),
    dependency: { id: prepared.id, spec: prepared.spec },
    pages,
    boardOnly: answer.boardOnly[prepared.id] ?? [],
  };
}
