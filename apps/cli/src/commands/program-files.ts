// The learner files of `blockyard compile/run <file.ts|file.py|project-dir>`: a single .ts file
// runs as main.ts, a .py file as main.py; a project folder gives the .ts files its pxt.json
// lists, plus main.ts, or main.py instead when the project is a Python one (MakeCode's
// `preferredEditor: "pyprj"` with main.py listed).
import { readFile, stat } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import type { HttpClient } from '@blockyard/core';
import { ExtensionFilesError, extensionFiles } from './extension-files.ts';

export class ProgramFilesError extends Error {}

export interface ProgramFiles {
  /** Compiler file name -> text. */
  files: Record<string, string>;
  /** Compiler file name -> the path to show the user (relative to the working directory). */
  shownAs: Record<string, string>;
}

async function readText(path: string, shown: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    throw new ProgramFilesError(`cannot read ${shown}.`);
  }
}

function listedTsFiles(configText: string, shown: string): string[] {
  let config: unknown;
  try {
    config = JSON.parse(configText);
  } catch (error) {
    throw new ProgramFilesError(
      `${shown} is not valid JSON (${error instanceof Error ? error.message : 'parse error'}).`,
    );
  }
  const files = (config as { files?: unknown } | null)?.files;
  if (!Array.isArray(files)) return [];
  return files.filter(
    (name): name is string =>
      typeof name === 'string' && name.endsWith('.ts') && !name.includes('..') && !name.startsWith('/'),
  );
}

/** A MakeCode Python project: `preferredEditor: "pyprj"` and main.py among its files. */
function isPythonProject(configText: string): boolean {
  try {
    const config = JSON.parse(configText) as { preferredEditor?: unknown; files?: unknown } | null;
    return config?.preferredEditor === 'pyprj' && Array.isArray(config.files) && config.files.includes('main.py');
  } catch {
    return false;
  }
}

export async function readProgramFiles(
  pathArg: string,
  cwd: string,
  network: { http?: HttpClient; server?: string } = {},
): Promise<ProgramFiles> {
  const path = resolve(cwd, pathArg);
  const shownPath = relative(cwd, path) || '.';
  let isDirectory: boolean;
  try {
    isDirectory = (await stat(path)).isDirectory();
  } catch {
    throw new ProgramFilesError(
      `cannot find ${pathArg}: give a .ts file or a project folder (with pxt.json and main.ts).`,
    );
  }
  if (!isDirectory) {
    if (path.endsWith('.py')) {
      return { files: { 'main.py': await readText(path, shownPath) }, shownAs: { 'main.py': shownPath } };
    }
    if (!path.endsWith('.ts')) {
      throw new ProgramFilesError(`${pathArg} is not a .ts or .py file: give a .ts or .py file or a project folder.`);
    }
    return { files: { 'main.ts': await readText(path, shownPath) }, shownAs: { 'main.ts': shownPath } };
  }
  const configShown = join(shownPath, 'pxt.json');
  const configText = await readText(join(path, 'pxt.json'), configShown).catch(() => {
    throw new ProgramFilesError(`${pathArg} is not a project folder: it has no pxt.json.`);
  });
  const main = isPythonProject(configText) ? 'main.py' : 'main.ts';
  const names = [...new Set([...listedTsFiles(configText, configShown).filter((n) => n !== main), main])];
  const files: Record<string, string> = {};
  const shownAs: Record<string, string> = {};
  for (const name of names) {
    const shown = join(shownPath, name);
    if (name === main) {
      files[name] = await readText(join(path, name), shown).catch(() => {
        throw new ProgramFilesError(`${pathArg} is not a project folder: it has no ${main}.`);
      });
    } else files[name] = await readText(join(path, ...name.split('/')), shown);
    shownAs[name] = shown;
  }
  // Code-host extensions (pxt.json "github:..." dependencies) compile first, before the project.
  try {
    const extensions = await extensionFiles({ 'pxt.json': configText }, network);
    return { files: { ...extensions.files, ...files }, shownAs: { ...extensions.shownAs, ...shownAs } };
  } catch (error) {
    if (error instanceof ExtensionFilesError) throw new ProgramFilesError(error.message);
    if (error instanceof Error && error.name === 'GhProxyError') throw new ProgramFilesError(error.message);
    throw error;
  }
}
