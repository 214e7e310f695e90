import type { ProjectFiles } from '@blockyard/projects';
import galleryJson from '../../../../content/examples/gallery.json';
import { parseGallery, type GallerySection } from './gallery.ts';

// Every file of every example, loaded only when that example is opened.
const exampleFiles = import.meta.glob<string>('../../../../content/examples/*/*', { query: '?raw', import: 'default' });

const byExample = new Map<string, Map<string, () => Promise<string>>>();
for (const [path, load] of Object.entries(exampleFiles)) {
  const [folder, file] = path.split('/').slice(-2);
  if (!folder || !file) continue;
  let files = byExample.get(folder);
  if (!files) byExample.set(folder, (files = new Map<string, () => Promise<string>>()));
  files.set(file, load);
}

/** The gallery of the home screen, read once. */
export const gallery: readonly GallerySection[] = parseGallery(galleryJson, (message) => console.warn(message));

/** Ids (folder names) of every example project. */
export function exampleIds(): string[] {
  return [...byExample.keys()];
}

export async function loadExampleFiles(id: string): Promise<ProjectFiles> {
  const files = byExample.get(id);
  if (!files) throw new Error(`There is no example called ${id}.`);
  const entries = await Promise.all([...files].map(async ([name, load]) => [name, await load()] as const));
  return Object.fromEntries(entries);
}
