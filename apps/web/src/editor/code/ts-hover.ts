// Hover docs: what TypeScript knows about the name under the pointer (signature and JSDoc); in
// main.py the API name under the pointer, in Python names, or the program's own def, variable or
// parameter (its type from the converted program, its docstring or comment from the Python).
import type { EditorState, Extension } from '@codemirror/state';
import { hoverTooltip, type Tooltip } from '@codemirror/view';
import { type CodeService, filesWith, MAIN_FILE } from './code-service.ts';
import { docsElement } from './docs-element.ts';

/** The docs tooltip for the name at `pos` in `file`, or null (nothing known, or the worker failed). */
export function hoverSource(service: CodeService, file = MAIN_FILE) {
  return async (state: EditorState, pos: number): Promise<Tooltip | null> => {
    let info;
    try {
      info = await service.compiler.service({
        op: 'quickInfo',
        files: filesWith(service, state.doc.toString(), file),
        file,
        offset: pos,
      });
    } catch {
      return null;
    }
    if (!info) return null;
    return {
      pos: info.from,
      end: info.to,
      above: true,
      create: () => ({ dom: docsElement(info.signature, info.documentation, service.labels) }),
    };
  };
}

export function tsHover(service: CodeService, file = MAIN_FILE): Extension {
  const source = hoverSource(service, file);
  return hoverTooltip((view, pos) => source(view.state, pos), { hoverTime: 350 });
}
