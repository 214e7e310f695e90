// Signature help: inside the parentheses of a call, a tooltip shows the function's parameters with
// the one being typed in bold, and its documentation. Asked of the worker when the cursor moves
// or the text changes (debounced), closed by Escape or by leaving the call.
import { type Extension, StateEffect, StateField } from '@codemirror/state';
import { type EditorView, keymap, showTooltip, type Tooltip, ViewPlugin, type ViewUpdate } from '@codemirror/view';
import type { SignatureHelpAnswer } from '@blockyard/compiler-worker';
import { type CodeService, filesWith, MAIN_FILE } from './code-service.ts';
import { appendDocs, type DocsLabels } from './docs-element.ts';

const setHelp = StateEffect.define<{ pos: number; help: SignatureHelpAnswer; labels?: DocsLabels } | null>();

function helpElement(help: SignatureHelpAnswer, labels: DocsLabels | undefined): HTMLElement {
  const box = document.createElement('div');
  box.className = 'code-docs code-signature-help';
  const signature = help.signatures[help.activeSignature] ?? help.signatures[0];
  if (!signature) return box;
  const line = document.createElement('code');
  line.className = 'code-docs-signature';
  line.append(signature.prefix);
  signature.parameters.forEach((parameter, index) => {
    if (index > 0) line.append(signature.separator);
    if (index === help.activeParameter) {
      const strong = document.createElement('strong');
      strong.textContent = parameter.label;
      line.append(strong);
    } else line.append(parameter.label);
  });
  line.append(signature.suffix);
  box.append(line);
  const active = signature.parameters[help.activeParameter];
  for (const text of [active?.documentation, signature.documentation]) if (text) appendDocs(box, text, labels);
  return box;
}

const helpField = StateField.define<Tooltip | null>({
  create: () => null,
  update(value, transaction) {
    for (const effect of transaction.effects) {
      if (effect.is(setHelp)) {
        const next = effect.value;
        return next
          ? { pos: next.pos, above: true, create: () => ({ dom: helpElement(next.help, next.labels) }) }
          : null;
      }
    }
    return value && transaction.docChanged ? { ...value, pos: transaction.changes.mapPos(value.pos) } : value;
  },
  provide: (field) => showTooltip.from(field),
});

/** Signature help for `file` (main.ts, or main.py in the Python editor, answered in Python names). */
export function signatureHelp(service: CodeService, file = MAIN_FILE, delayMs = 120): Extension {
  const plugin = ViewPlugin.fromClass(
    class {
      private timer: ReturnType<typeof setTimeout> | undefined;
      private sequence = 0;
      constructor(private readonly view: EditorView) {}
      update(update: ViewUpdate) {
        if (!update.docChanged && !update.selectionSet) return;
        clearTimeout(this.timer);
        this.timer = setTimeout(() => void this.ask(), delayMs);
      }
      async ask() {
        const sequence = ++this.sequence;
        const { state } = this.view;
        const pos = state.selection.main.head;
        let help: SignatureHelpAnswer | null;
        try {
          help = await service.compiler.service({
            op: 'signatureHelp',
            files: filesWith(service, state.doc.toString(), file),
            file,
            offset: pos,
          });
        } catch {
          help = null;
        }
        if (sequence !== this.sequence || this.view.state.doc !== state.doc) return;
        const open = this.view.state.field(helpField) !== null;
        if (!help && !open) return;
        const labels = service.labels;
        this.view.dispatch({ effects: setHelp.of(help ? { pos, help, ...(labels ? { labels } : {}) } : null) });
      }
      destroy() {
        clearTimeout(this.timer);
        this.sequence++;
      }
    },
  );
  const close = keymap.of([
    {
      key: 'Escape',
      run: (view) => {
        if (view.state.field(helpField) === null) return false;
        view.dispatch({ effects: setHelp.of(null) });
        return true;
      },
    },
  ]);
  return [helpField, plugin, close];
}
