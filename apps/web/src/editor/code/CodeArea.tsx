// The code side of the editor: the code editor with the session's main.ts (JavaScript) or main.py
// (Python), the live run's problems on their lines of that file, and a hint for leaving the editor by keyboard.

import { useEffect, useId, useMemo, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Problem } from '../session/session-types.ts';
import { type CodeDebug, CodeEditor, type CodeEditorHandle } from './CodeEditor.tsx';
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
  /** JavaScript (main.ts) or Python (main.py). */
  language?: 'typescript' | 'python';
  /** Once the code editor is on the page, and each time it shows again after being hidden. */
  onReady?: () => void;
  /**
   * Kept out of sight behind another editor (made ahead of a press on its tab, or left for
   * another tab): not drawn, inert and hidden from screen readers; showing it is instant.
   */
  hidden?: boolean;
  /** Breakpoints and the paused line (the debugger). */
  debug?: CodeDebug;
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
  language = 'typescript',
  onReady,
  debug,
  hidden = false,
  ref,
}: CodeAreaProps) {
  const { t } = useTranslation();
  const hintId = useId();
  useEffect(() => {
    if (!hidden) onReady?.();
  }, [onReady, hidden]);
  const file = language === 'python' ? 'main.py' : 'main.ts';
  const codeProblems = useMemo<CodeProblem[]>(
    () =>
      problems
        .filter((p) => p.line !== undefined && (p.file ?? 'main.ts') === file)
        .map((p) => ({
          line: p.line!,
          ...(p.column !== undefined ? { column: p.column } : {}),
          ...(p.length !== undefined ? { length: p.length } : {}),
          severity: p.severity,
          words: t(`editor.words.${p.words.key}`, p.words.values),
          technical: p.technical,
        })),
    [problems, t, file],
  );
  return (
    <div
      className={hidden ? 'code-area code-area--hidden' : 'code-area'}
      style={{ '--code-font-size': `${fontSize}px` } as React.CSSProperties}
      inert={hidden}
      aria-hidden={hidden || undefined}
    >
      <CodeEditor
        ref={ref}
        value={code}
        documentVersion={documentVersion}
        onChange={onChange}
        service={service}
        problems={codeProblems}
        label={t(language === 'python' ? 'editor.pythonLabel' : 'editor.codeLabel')}
        language={language}
        describedBy={hintId}
        detailsLabel={t('editor.problems.details')}
        readOnly={readOnly}
        {...(debug ? { debug } : {})}
      />
      <p id={hintId} className="code-area-hint">
        {t('editor.codeLeaveHint')}
      </p>
    </div>
  );
}
