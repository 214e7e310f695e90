// The JavaScript side of the editor: the code editor with the session's main.ts, the live run's
// problems on their lines, and a hint for leaving the editor by keyboard.

import { useEffect, useId, useMemo, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Problem } from '../session/editor-session.ts';
import { CodeEditor, type CodeEditorHandle } from './CodeEditor.tsx';
import type { CodeService } from './code-service.ts';
import type { CodeProblem } from './problems-lint.ts';

export interface CodeAreaProps {
  code: string;
  documentVersion: number;
  onChange: (code: string) => void;
  problems: readonly Problem[];
  service: CodeService;
  fontSize: number;
  /** Read, not changed (page flags: sandbox, read-only, time machine). */
  readOnly?: boolean;
  /** Once the code editor is on the page. */
  onReady?: () => void;
  ref?: Ref<CodeEditorHandle>;
}

export function CodeArea({
  code,
  documentVersion,
  onChange,
  problems,
  service,
  fontSize,
  readOnly = false,
  onReady,
  ref,
}: CodeAreaProps) {
  const { t } = useTranslation();
  const hintId = useId();
  useEffect(() => onReady?.(), [onReady]);
  const codeProblems = useMemo<CodeProblem[]>(
    () =>
      problems
        .filter((p) => p.line !== undefined && (p.file ?? 'main.ts') === 'main.ts')
        .map((p) => ({
          line: p.line!,
          ...(p.column !== undefined ? { column: p.column } : {}),
          ...(p.length !== undefined ? { length: p.length } : {}),
          severity: p.severity,
          words: t(`editor.words.${p.words.key}`, p.words.values),
          technical: p.technical,
        })),
    [problems, t],
  );
  return (
    <div className="code-area" style={{ '--code-font-size': `${fontSize}px` } as React.CSSProperties}>
      <CodeEditor
        ref={ref}
        value={code}
        documentVersion={documentVersion}
        onChange={onChange}
        service={service}
        problems={codeProblems}
        label={t('editor.codeLabel')}
        describedBy={hintId}
        detailsLabel={t('editor.problems.details')}
        readOnly={readOnly}
      />
      <p id={hintId} className="code-area-hint">
        {t('editor.codeLeaveHint')}
      </p>
    </div>
  );
}
