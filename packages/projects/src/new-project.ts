/**
 * The files of a brand-new project. pxt.json is written by a tiny local helper for now.
 * TODO(formats): swap newProjectConfig for the pxt.json model of @blockyard/core
 * (packages/core/src/project/) once it lands, so new projects carry every field it defines.
 */
import type { ProjectFiles } from './project.ts';

/** The board library every micro:bit project depends on. */
export const CORE_DEPENDENCIES: Readonly<Record<string, string>> = { core: '*', radio: '*', microphone: '*' };

const DEFAULT_MAIN_TS = '';

/** A minimal MakeCode-style pxt.json text for a project called `name`. */
function newProjectConfig(name: string, files: readonly string[]): string {
  const config = {
    name,
    description: '',
    dependencies: CORE_DEPENDENCIES,
    files,
    preferredEditor: 'blocksprj',
  };
  return JSON.stringify(config, null, 4) + '\n';
}

/** pxt.json, an empty main.blocks and main.ts, a README and an empty assets.json. */
export function newProjectFiles(name: string, mainTs: string = DEFAULT_MAIN_TS): ProjectFiles {
  const names = ['main.blocks', 'main.ts', 'README.md', 'assets.json'];
  return {
    'pxt.json': newProjectConfig(name, names),
    'main.blocks': '',
    'main.ts': mainTs,
    'README.md': '',
    'assets.json': '{}\n',
  };
}
