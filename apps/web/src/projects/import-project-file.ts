import { readProjectFile, type ImportedProject, type ImportProblem } from '@blockyard/projects';

export type FileImport =
  { ok: true; projects: ImportedProject[] } | { ok: false; problem: ImportProblem | 'unreadable' };

/**
 * The seam between the home screen and the project file readers: a dropped or picked file in,
 * projects to create out. Today it reads `.mkcd`/`.json` file maps and recovery files.
 * TODO(formats): route .hex, .uf2, .png and MakeCode .mkcd to the readers of @blockyard/core
 * (their FormatError messages can be shown as they are).
 */
export async function importProjectFile(file: Pick<File, 'name' | 'text'>): Promise<FileImport> {
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  return readProjectFile(file.name, text);
}
