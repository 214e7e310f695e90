import { newProjectFiles, uniqueProjectName, type ImportedProject, type ProjectSummary } from '@blockyard/projects';
import type { TFunction } from 'i18next';
import { loadExampleFiles } from '../examples/example-files.ts';
import type { ExampleCard } from '../examples/gallery.ts';
import type { ImportController } from '../projects/import/import-controller.ts';
import type { ProjectServices } from '../projects/project-services.ts';
import { formatErrorWords, learnerError } from '../ui/learner-errors.ts';
import type { ToastQueue } from '../ui/toasts.ts';

/**
 * What the home screen's buttons do, outside the components: each talks to the library, tells
 * the learner how it went, and never lets an error escape.
 */
export function homeActions(
  services: ProjectServices,
  toasts: ToastQueue,
  t: TFunction,
  /** `fresh`: a new, empty project (nothing to run before its blocks are on screen). */
  openProject: (id: string, fresh?: boolean) => void,
  importer: ImportController,
) {
  const { library } = services;
  const failed = (error: unknown) => {
    const { words, detail } = learnerError(error, t);
    toasts.show(t('home.actionFailed', { reason: words }), { tone: 'error', detail });
  };
  const restore = async (project: ProjectSummary, announce = true): Promise<void> => {
    try {
      await library.restore(project.id);
      if (announce) toasts.show(t('home.restored', { name: project.name }));
    } catch (error) {
      failed(error);
    }
  };
  return {
    async create(name: string): Promise<void> {
      try {
        const project = await library.createToOpen({ name, files: newProjectFiles(name) });
        openProject(project.id, true);
      } catch (error) {
        failed(error);
      }
    },
    async rename(project: ProjectSummary, name: string): Promise<boolean> {
      try {
        await library.rename(project.id, name);
        return true;
      } catch (error) {
        failed(error);
        return false;
      }
    },
    async duplicate(project: ProjectSummary): Promise<void> {
      try {
        const copy = await library.duplicate(
          project.id,
          uniqueProjectName(t('home.copyName', { name: project.name }), library.names()),
        );
        toasts.show(t('home.duplicated', { name: copy.name }));
      } catch (error) {
        failed(error);
      }
    },
    async trash(project: ProjectSummary): Promise<void> {
      try {
        await library.trash(project.id);
        toasts.show(t('home.trashed', { name: project.name }), {
          action: { label: t('home.undo'), run: () => void restore(project, false) },
        });
      } catch (error) {
        failed(error);
      }
    },
    restore,
    async purge(project: ProjectSummary): Promise<void> {
      try {
        await library.purge(project.id);
        toasts.show(t('trash.purged', { name: project.name }));
      } catch (error) {
        failed(error);
      }
    },
    async openExample(card: ExampleCard): Promise<void> {
      try {
        const files = await loadExampleFiles(card.url);
        const name = uniqueProjectName(card.name, library.names());
        const project = await library.createToOpen({ name, files, origin: 'example' });
        openProject(project.id);
      } catch {
        toasts.show(t('home.exampleOpenFailed'), { tone: 'error' });
      }
    },
    /** A project read from a repository (OpenFromRepositoryDialog): created under a free name, then opened. */
    async openRepositoryProject(project: ImportedProject & { source: string }): Promise<void> {
      try {
        const name = uniqueProjectName(project.name, library.names());
        const [created] = await library.importProjects([{ name, files: project.files }]);
        if (!created) return;
        toasts.show(t('repositoryImport.opened', { name: created.name, source: project.source }));
        openProject(created.id);
      } catch (error) {
        failed(error);
      }
    },
    /** Reads the file in the import worker (progress and Cancel in ImportDialog), then creates. */
    async importFile(file: File): Promise<void> {
      const result = await importer.read(file);
      if (!result.ok && result.problem === 'cancelled') {
        toasts.show(t('import.cancelled', { name: file.name }));
        return;
      }
      if (!result.ok && result.problem === 'format') {
        // Plain words in the learner's language; the exact technical text stays as the detail.
        const { words, detail } = formatErrorWords(result.code, result.params, t, result.message);
        importer.fail(file.name, t('home.importFormat', { reason: words }), detail);
        return;
      }
      if (!result.ok) {
        const message = t(
          {
            'not-a-project': 'home.importNotProject',
            'too-large': 'home.importTooLarge',
            empty: 'home.importEmpty',
            unreadable: 'home.importUnreadable',
          }[result.problem],
        );
        importer.fail(file.name, message);
        return;
      }
      for (const skipped of result.skipped ?? []) {
        const { words, detail } = formatErrorWords(skipped.code, skipped.params, t, skipped.message);
        toasts.show(t('import.skipped', { name: skipped.name, message: words }), { tone: 'error', detail });
      }
      try {
        const taken = library.names();
        const projects = result.projects.map((p) => {
          const name = uniqueProjectName(p.name, taken);
          taken.push(name);
          return { ...p, name };
        });
        const created = await library.importProjects(projects);
        const [first] = created;
        if (created.length === 1 && first && result.newer) {
          toasts.show(t('home.importedNewer', { name: first.name, version: result.newer.required }), {
            detail: result.newer.message,
          });
          openProject(first.id);
        } else if (created.length === 1 && first) {
          toasts.show(t('home.imported', { name: first.name }));
          openProject(first.id);
        } else toasts.show(t('home.importedMany', { count: created.length }));
      } catch (error) {
        failed(error);
      }
    },
  };
}
