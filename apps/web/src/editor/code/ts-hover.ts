// Hover docs: what TypeScript knows about the name under the pointer (signature and JSDoc); in
// main.py the API name under the pointer, in Python names.
import type { Extension } from '@codemirror/state';
import { hoverTooltip } from '@codemirror/view';
import { type CodeService, filesWith, MAIN_FILE } from './code-service.ts';
import { docsElement } from './docs-element.ts';

export function tsHover(service: CodeService, file = MAIN_FILE): Extension {
  return hoverTooltip(
    async (view, pos) => {
      let info;
      try {
        info = await service.compiler.service({
          op: 'quickInfo',
          files: filesWith(service, view.state.doc.toString(), file),
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
    },
    { hoverTime: 350 },
  );
}
