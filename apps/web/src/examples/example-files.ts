import type { ProjectFiles } from '@blockyard/projects';
import galleryJson from '../../../../content/examples/gallery.json';
import { parseGallery, type GallerySection } from './gallery.ts';

/** The gallery of the home screen, read once. */
export const gallery: readonly GallerySection[] = parseGallery(galleryJson, (message) => console.warn(message));

/** Ids (folder names) of every example project. */
export async function exampleIds(): Promise<string[]> {
  const { exampleSources } = await import('./example-sources.ts');
  return [...exampleSources.keys()];
}

export async function loadExampleFiles(id: string): Promise<ProjectFiles> {
  const { exampleSources } = await import('./example-sources.ts');
  const files = exampleSources.get(id);
  if (!files) throw new Error(`There is no example called ${id}.`);
  return { ...files };
}
