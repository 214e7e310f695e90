import type { AutosaveController } from '@blockyard/projects';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services-context.tsx';
import type { BoardControls } from '../../device/use-board.ts';
import { learnerError } from '../../ui/learner-errors.ts';
import type { ToastQueue } from '../../ui/toasts.ts';
import type { EditorEnvironment } from '../editor-environment.ts';
import type { EditorSession } from '../session/editor-session.ts';
import { type EditorMode, PYTHON_FILE } from '../session/project-files.ts';
import { downloadNoteLinks, downloadNoteText } from './download-note.ts';
import type { DownloadFormat, ProjectDownload } from './download-project.ts';
import { projectNow, savedThumbnail } from './project-now.ts';

export interface ProjectDownloadOptions {
  environment: EditorEnvironment;
  session: EditorSession;
  autosave: AutosaveController;
  toasts: ToastQueue;
  mode: EditorMode;
  /** Where Download sends a .hex when a board is connected (else the file is saved). */
  board: BoardControls;
  readBlocks: () => string | undefined;
  blockName: (blockId: string) => string | undefined;
  /** Takes the learner to a place a Download note names. */
  showPlace: (place: { line?: number | undefined; blockId?: string | undefined }) => void;
}

/** Download: the file made from the project as it is now, saved or sent to a connected board. */
export function useProjectDownload(options: ProjectDownloadOptions) {
  const { environment, session, autosave, toasts, mode, board, readBlocks, blockName, showPlace } = options;
  const { t } = useTranslation();
  const services = useServices();
  const [downloading, setDownloading] = useState(false);
  const [flashFile, setFlashFile] = useState<Pick<ProjectDownload, 'fileName' | 'size'> | null>(null);

  /** Saves the file; a .hex goes straight to a connected board instead, unless `target` is 'file'. */
  const download = async (format: DownloadFormat, target: 'board' | 'file' = 'board') => {
    if (downloading) return;
    setDownloading(true);
    // Going to a connected board: its dialog opens at once, on "Preparing your file…".
    const toBoard = format === 'hex' && target === 'board' && board.flashes ? board : null;
    toBoard?.prepare();
    try {
      const { name, files } = await projectNow({ session, autosave, readBlocks });
      const thumbnail = format === 'png' ? await savedThumbnail(services.projects, autosave.projectId) : undefined;
      const file = await environment.buildDownload(
        { name, files, thumbnail },
        format,
        services.clock,
        window.location.origin,
        // The program for the board, built in the compiler worker; the firmware loads once, and
        // its notice goes as soon as the build ends.
        (request) =>
          toasts.during(t('editor.deviceDownload.firmware'), (announce) =>
            environment.compiler().device(request, announce),
          ),
      );
      // Why a .hex holds the project but no program, in plain words (the file is saved anyway),
      // with a link to each place that uses what the board cannot run yet (in what is edited now).
      const note = file.note ? downloadNoteText(file.note, t) : undefined;
      const edited = mode === 'python' ? PYTHON_FILE : 'main.ts';
      const links = (file.note ? downloadNoteLinks(file.note, t, (place) => session.locate(place), blockName) : [])
        .filter((link) => (mode === 'blocks' ? link.target.blockId !== undefined : link.target.file === edited))
        .map((link) => ({ label: link.label, run: () => showPlace(link.target) }));
      if (toBoard) {
        await toBoard.flash(file.bytes, (result) => {
          const done = !file.runnable ? 'storedOnly' : result.unchanged ? 'unchanged' : result.mode;
          toasts.show(note ? `${t(`board.done.${done}`)} ${note}` : t(`board.done.${done}`), { links });
        });
        return;
      }
      services.downloads.save({ fileName: file.fileName, data: file.bytes, mimeType: file.mimeType });
      if (file.runnable) setFlashFile({ fileName: file.fileName, size: file.size });
      else if (note) {
        toasts.show(`${note} ${t('editor.deviceDownload.sourceSaved', { file: file.fileName })}`, { links });
      } else toasts.show(t(`editor.downloaded.${file.format}`, { file: file.fileName }));
    } catch (error) {
      // The file could not be made: the board's dialog (opened on "Preparing…") gives way to the toast.
      toBoard?.closeView();
      const { words, detail } = learnerError(error, t);
      toasts.show(t('editor.downloadFailed', { reason: words }), { tone: 'error', detail });
    } finally {
      setDownloading(false);
    }
  };
  return { download, downloading, flashFile, closeFlashSteps: () => setFlashFile(null) };
}
