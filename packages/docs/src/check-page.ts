// Checks a docs page without drawing it: the problems the renderer would show in the page.
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { remarkDocsMacros, type DocsFileData, type DocsProblem } from './docs-macros.ts';

/** Pages larger than this are cut before parsing (hostile or broken input never freezes us). */
export const MAX_PAGE_CHARS = 500_000;

export function checkDocsPage(markdown: string): DocsProblem[] {
  const processor = unified().use(remarkParse).use(remarkGfm).use(remarkDocsMacros);
  const file = { data: {} as DocsFileData, value: markdown.slice(0, MAX_PAGE_CHARS) };
  processor.runSync(processor.parse(file.value), file);
  return file.data.docsErrors ?? [];
}
