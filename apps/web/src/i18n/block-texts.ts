// The block texts of a language (locales/<code>/blocks.json, our own translations): API blocks in
// MakeCode's block syntax by qualified name (`"basic.showNumber": "zeige Zahl %number"`), toolbox
// category names and group labels, and the built-in blocks' lines (`"controls_repeat_ext":
// ["wiederhole %1 mal", "mache %1"]`). English needs no file: it is the API's own annotations.
//
// A translation may reorder a block's words and parameters, but never change them: it must name
// the same %/$ parameters, on the same side of `||` (the optional part). One that does not is
// ignored (the block stays English), and a unit test keeps every shipped file clean.

import type { BlockTexts } from '@blockyard/blocks';
import { type ApiFunction, type ApiMetadata, parseBlockSyntax } from '@blockyard/language';

export interface BlockTranslation extends BlockTexts {
  /** API blocks by qualified name: the block text in MakeCode's syntax. */
  readonly api?: Readonly<Record<string, string>>;
}

/** A block text's parameters (`%name`, `$name`), before and after `||`, each sorted. */
function blockParameters(text: string): { main: string[]; optional: string[] } {
  const [main = '', optional = ''] = text.split('||');
  const names = (part: string) => [...part.matchAll(/[%$]([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '').sort();
  return { main: names(main), optional: names(optional) };
}

/** Whether `translated` keeps exactly the parameters of `english`. */
export function sameParameters(english: string, translated: string): boolean {
  const a = blockParameters(english);
  const b = blockParameters(translated);
  return (
    a.main.join() === b.main.join() &&
    a.optional.join() === b.optional.join() &&
    english.includes('||') === translated.includes('||')
  );
}

/** The API metadata with block texts in the learner's language where a valid translation exists. */
export function localizeApiMetadata(
  metadata: ApiMetadata,
  api: Readonly<Record<string, string>> | undefined,
): ApiMetadata {
  if (!api) return metadata;
  let changed = false;
  const functions: Record<string, ApiFunction> = {};
  for (const [qName, fn] of Object.entries(metadata.functions)) {
    const text = api[qName];
    if (text !== undefined && fn.block && sameParameters(fn.block.text, text)) {
      functions[qName] = { ...fn, block: parseBlockSyntax(text) };
      changed = true;
    } else functions[qName] = fn;
  }
  return changed ? { ...metadata, functions } : metadata;
}
