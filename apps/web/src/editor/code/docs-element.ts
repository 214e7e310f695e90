// The signature and documentation of an API name as a small element for tooltips.
export function docsElement(signature: string, documentation: string): HTMLElement {
  const box = document.createElement('div');
  box.className = 'code-docs';
  const code = document.createElement('code');
  code.className = 'code-docs-signature';
  code.textContent = signature;
  box.append(code);
  if (documentation) {
    for (const paragraph of documentation.split(/\n{2,}/)) {
      const p = document.createElement('p');
      p.textContent = paragraph;
      box.append(p);
    }
  }
  return box;
}
