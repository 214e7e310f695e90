// The signature and documentation of an API name as a small element for tooltips. The worker
// sends JSDoc as paragraphs, tags included ("@param value the number to show, eg: 0"); a learner
// sees them as plain text instead: a list of what each value is for, "Gives back …", and
// MakeCode's "eg: 0, 1, 2" default hints as "for example 0".

/** The tooltip's words in the interface language (CodeService.labels). */
export interface DocsLabels {
  parameters: string;
  returns: string;
  example: string;
  /** With {{value}}: "for example {{value}}". */
  forExample: string;
}

const ENGLISH_DOCS_LABELS: DocsLabels = {
  parameters: 'Values it takes',
  returns: 'Gives back',
  example: 'Example',
  forExample: 'for example {{value}}',
};

/** "the number to show, eg: 0, 1" -> "the number to show (for example 0)". */
export function plainDocText(text: string, labels: DocsLabels = ENGLISH_DOCS_LABELS): string {
  return text
    .replace(
      /,?\s*\beg:\s*([^,\n]+)(?:,[^\n]*)?$/i,
      (_whole, value: string) => ` (${labels.forExample.replace('{{value}}', value.trim())})`,
    )
    .replace(/\{@link\s+([^}\s|]+)(?:[\s|][^}]*)?\}/g, '$1')
    .trim();
}

export interface ParsedDocs {
  text: string[];
  params: { name: string; text: string }[];
  returns: string | undefined;
  examples: string[];
}

/** Paragraphs and tags of the worker's documentation string. */
export function parseDocs(documentation: string, labels: DocsLabels = ENGLISH_DOCS_LABELS): ParsedDocs {
  const parsed: ParsedDocs = { text: [], params: [], returns: undefined, examples: [] };
  for (const paragraph of documentation.split(/\n{2,}/)) {
    const tag = /^@(\w+)\s*([\s\S]*)$/.exec(paragraph.trim());
    if (!tag) {
      if (paragraph.trim()) parsed.text.push(plainDocText(paragraph, labels));
      continue;
    }
    const [, name, rest = ''] = tag;
    if (name === 'param') {
      const param = /^(\S+)\s*([\s\S]*)$/.exec(rest);
      if (param?.[1]) parsed.params.push({ name: param[1], text: plainDocText(param[2] ?? '', labels) });
    } else if (name === 'returns' || name === 'return') parsed.returns = plainDocText(rest, labels);
    else if (name === 'example') parsed.examples.push(rest.trim());
    // Other tags (e.g. @deprecated in the library) say nothing a learner needs here.
  }
  return parsed;
}

export function docsElement(
  signature: string,
  documentation: string,
  labels: DocsLabels = ENGLISH_DOCS_LABELS,
): HTMLElement {
  const box = document.createElement('div');
  box.className = 'code-docs';
  const code = document.createElement('code');
  code.className = 'code-docs-signature';
  code.textContent = signature;
  box.append(code);
  appendDocs(box, documentation, labels);
  return box;
}

/** The documentation's parts, as elements appended to `box`. */
export function appendDocs(box: HTMLElement, documentation: string, labels: DocsLabels = ENGLISH_DOCS_LABELS): void {
  const docs = parseDocs(documentation, labels);
  for (const paragraph of docs.text) {
    const p = document.createElement('p');
    p.textContent = paragraph;
    box.append(p);
  }
  if (docs.params.length > 0) {
    const heading = document.createElement('p');
    heading.className = 'code-docs-heading';
    heading.textContent = labels.parameters;
    const list = document.createElement('dl');
    list.className = 'code-docs-params';
    for (const param of docs.params) {
      const term = document.createElement('dt');
      const name = document.createElement('code');
      name.textContent = param.name;
      term.append(name);
      const description = document.createElement('dd');
      description.textContent = param.text;
      list.append(term, description);
    }
    box.append(heading, list);
  }
  if (docs.returns) {
    const p = document.createElement('p');
    const label = document.createElement('strong');
    label.textContent = `${labels.returns}: `;
    p.append(label, docs.returns);
    box.append(p);
  }
  for (const example of docs.examples) {
    const heading = document.createElement('p');
    heading.className = 'code-docs-heading';
    heading.textContent = labels.example;
    const pre = document.createElement('pre');
    pre.textContent = example;
    box.append(heading, pre);
  }
}
