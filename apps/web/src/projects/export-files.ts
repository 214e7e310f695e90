// The files as they leave Blockyard (Download, the rescue copy): MakeCode and our Import read a
// project's name from pxt.json, while a rename here changes only the stored name. So every file
// we hand out carries the current name in pxt.json, and a project without pxt.json gets one.

import { newProjectConfig, parseProjectConfig, serializeProjectConfig, updateProjectConfig } from '@blockyard/core';
import { CORE_DEPENDENCIES } from '@blockyard/projects';

type Files = Readonly<Record<string, string>>;

/** `files` with pxt.json naming the project `name`; a pxt.json we cannot read is left as it is. */
export function filesForExport(name: string, files: Files): Record<string, string> {
  const out = { ...files };
  const text = files['pxt.json'];
  if (text === undefined) {
    const config = newProjectConfig(
      name,
      Object.keys(files).filter((file) => !file.includes('/')),
    );
    out['pxt.json'] = serializeProjectConfig(updateProjectConfig(config, { dependencies: { ...CORE_DEPENDENCIES } }));
    return out;
  }
  try {
    const config = parseProjectConfig(text);
    if (config.name !== name) out['pxt.json'] = serializeProjectConfig(updateProjectConfig(config, { name }));
  } catch {
    // Never rewrite a pxt.json we cannot read: the writer explains the problem instead.
  }
  return out;
}
