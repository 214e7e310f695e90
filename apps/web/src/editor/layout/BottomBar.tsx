// The bar under the editor: Download (with more ways to save), Connect (a micro:bit over USB or
// Bluetooth) and Import on one side; undo/redo, zoom and (in JavaScript) Format on the other.
// Every button has a name and a visible focus. The page flags take tools away (editor-chrome.ts):
// zoom always stays.

import { Minus, Plus, Redo2, Scan, Undo2, WandSparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BoardButton } from '../../device/BoardButton.tsx';
import type { BoardControls } from '../../device/use-board.ts';
import { ImportButton } from '../../home/ImportControls.tsx';
import type { DownloadFormat } from '../files/download-project.ts';
import type { EditorMode } from '../session/project-files.ts';
import { DownloadControls } from './DownloadControls.tsx';
import type { EditorChrome } from './editor-chrome.ts';

export interface EditorCommands {
  undo: () => void;
  redo: () => void;
  zoomIn: () => void;
  zoomOut: () => void;
  zoomReset: () => void;
  format?: () => void;
}

interface BottomBarProps {
  mode: EditorMode;
  /** Which tools the page flags leave. */
  tools: Pick<EditorChrome, 'download' | 'importFiles' | 'editTools'>;
  downloading: boolean;
  onDownload: (format: DownloadFormat) => void;
  /** The board behind Connect; null hides Connect. */
  board?: BoardControls | null;
  /** The board behind Connect by Bluetooth; null offers USB only. */
  bluetooth?: BoardControls | null;
  onBluetooth?: () => void;
  onImport: (file: File) => void;
  commands: EditorCommands;
}

function ToolButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="editor-tool" aria-label={label} title={label} onClick={onClick}>
      {children}
    </button>
  );
}

export function BottomBar({
  mode,
  tools,
  downloading,
  onDownload,
  board,
  bluetooth,
  onBluetooth,
  onImport,
  commands,
}: BottomBarProps) {
  const { t } = useTranslation();
  return (
    // The page's footer landmark (not a toolbar: every button is its own Tab stop).
    <footer className="editor-bottom" aria-label={t('editor.toolbar')}>
      <div className="editor-bottom-group">
        {tools.download ? <DownloadControls downloading={downloading} onDownload={onDownload} /> : null}
        {tools.download && board ? <BoardButton board={board} bluetooth={bluetooth} onBluetooth={onBluetooth} /> : null}
        {tools.importFiles ? <ImportButton onFile={onImport} className="editor-import" iconSize={20} /> : null}
      </div>
      <div className="editor-bottom-group">
        {tools.editTools ? (
          <>
            <ToolButton label={t('editor.undo')} onClick={commands.undo}>
              <Undo2 className="icon-mirror" aria-hidden="true" size={20} />
            </ToolButton>
            <ToolButton label={t('editor.redo')} onClick={commands.redo}>
              <Redo2 className="icon-mirror" aria-hidden="true" size={20} />
            </ToolButton>
            <span className="editor-bottom-divider" aria-hidden="true" />
          </>
        ) : null}
        <ToolButton label={t('editor.zoomOut')} onClick={commands.zoomOut}>
          <Minus aria-hidden="true" size={20} />
        </ToolButton>
        <ToolButton label={t('editor.zoomReset')} onClick={commands.zoomReset}>
          <Scan aria-hidden="true" size={20} />
        </ToolButton>
        <ToolButton label={t('editor.zoomIn')} onClick={commands.zoomIn}>
          <Plus aria-hidden="true" size={20} />
        </ToolButton>
        {mode === 'javascript' && commands.format && tools.editTools ? (
          <>
            <span className="editor-bottom-divider" aria-hidden="true" />
            <button type="button" className="button button-secondary" onClick={commands.format}>
              <WandSparkles aria-hidden="true" size={20} />
              {t('editor.format')}
            </button>
          </>
        ) : null}
      </div>
    </footer>
  );
}
