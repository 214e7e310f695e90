// What an extension adds to the editor, read from its sources' `//%` annotations: the toolbox
// categories (its namespaces that have blocks), its blocks, and the functions that exist only as
// C++ on the board (`//% shim=ns::fn` on a declaration), which the simulator cannot run.

import type ts from 'typescript';
import type { ApiFunction, ApiMetadata, ApiNamespace } from './api-metadata.ts';
import { readApiMetadata } from './read-api-metadata.ts';

export interface ExtensionApi {
  readonly metadata: ApiMetadata;
  /** Namespaces with at least one visible block, heaviest first (the toolbox order). */
  readonly categories: readonly ApiNamespace[];
  /** Functions with a visible block. */
  readonly blocks: readonly ApiFunction[];
  /** Qualified names of the functions backed only by C++ ("works only on the board"). */
  readonly boardOnly: readonly string[];
}

/**
 * Shims that name a simulator-side helper rather than C++: `TD_ID` (the block is its argument)
 * and `TD_NOOP` (does nothing). Every other `shim=` on a declaration points into the board's C++.
 */
const SIMULATED_SHIMS = new Set(['TD_ID', 'TD_NOOP']);

/** The extension's source files: .ts and .d.ts from its pxt.json `files` (C++ and text are ignored). */
function extensionSources(files: Readonly<Record<string, string>>): { name: string; text: string }[] {
  return Object.entries(files)
    .filter(([name]) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'test.ts')
    .map(([name, text]) => ({ name, text }));
}

export function readExtensionApi(tsApi: typeof ts, files: Readonly<Record<string, string>>): ExtensionApi {
  const sources = extensionSources(files);
  const metadata = readApiMetadata(tsApi, sources);
  const implemented = implementedFunctions(tsApi, sources);
  const functions = Object.values(metadata.functions);
  const blocks = functions.filter((fn) => fn.block !== undefined && !fn.blockHidden && !fn.deprecated);
  const withBlocks = new Set(blocks.map((fn) => fn.category));
  const categories = Object.values(metadata.namespaces)
    .filter((ns) => withBlocks.has(ns.name))
    .sort((a, b) => b.weight - a.weight || a.name.localeCompare(b.name));
  const boardOnly = functions
    .filter((fn) => {
      const shim = fn.attributes.shim;
      return shim !== undefined && !SIMULATED_SHIMS.has(shim) && !implemented.has(fn.qName);
    })
    .map((fn) => fn.qName)
    .sort();
  return { metadata, categories, blocks, boardOnly };
}

/** Qualified names (`ns.inner.fn`) of functions that have a TypeScript body the simulator can run. */
function implementedFunctions(tsApi: typeof ts, sources: readonly { name: string; text: string }[]): Set<string> {
  const found = new Set<string>();
  const visit = (node: ts.Node, prefix: string): void => {
    if (tsApi.isModuleDeclaration(node) && node.body) {
      const name = `${prefix}${node.name.getText()}`;
      if (tsApi.isModuleBlock(node.body)) node.body.statements.forEach((child) => visit(child, `${name}.`));
      else visit(node.body, `${name}.`);
      return;
    }
    if (tsApi.isFunctionDeclaration(node) && node.name && node.body) found.add(`${prefix}${node.name.text}`);
  };
  for (const source of sources) {
    const file = tsApi.createSourceFile(source.name, source.text, tsApi.ScriptTarget.ES2022, true, tsApi.ScriptKind.TS);
    file.statements.forEach((statement) => visit(statement, ''));
  }
  return found;
}
