import type { ProjectSync } from '@blockyard/cloud';
import { MAX_PROJECT_NAME_LENGTH, checkProjectName, type ProjectSummary } from '@blockyard/projects';
import { Link } from '@tanstack/react-router';
import { Copy, Pencil, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloudStatusIndicator } from '../cloud/CloudStatusIndicator.tsx';
import { LedArt, projectArt } from '../ui/LedArt.tsx';
import { formatDateTime, formatRelativeTime } from '../ui/relative-time.ts';
import { nameProblemKey } from './NewProjectDialog.tsx';

interface ProjectCardProps {
  project: ProjectSummary;
  now: number;
  onRename: (name: string) => Promise<boolean>;
  onDuplicate: () => void;
  onDelete: () => void;
  /** Cloud sync, when a server is behind the page: the card shows the project's cloud status. */
  cloud?: ProjectSync;
}

/** One project on the home screen: picture, name, when it was edited, and what can be done. */
export function ProjectCard({ project, now, onRename, onDuplicate, onDelete, cloud }: ProjectCardProps) {
  const { t, i18n } = useTranslation();
  const [renaming, setRenaming] = useState(false);
  const art = projectArt(project.id);
  const name = project.name;
  return (
    <li className="project-card">
      <Link
        to="/projects/$id"
        params={{ id: project.id }}
        className="project-card-open"
        aria-label={t('home.open', { name })}
      >
        <span className="project-card-art">
          {project.thumbnail ? (
            <img src={project.thumbnail} alt="" />
          ) : (
            <LedArt pattern={art.pattern} colour={art.colour} />
          )}
        </span>
      </Link>
      <div className="project-card-body">
        {renaming ? (
          <RenameForm
            name={name}
            onCancel={() => setRenaming(false)}
            onSave={async (newName) => {
              if (await onRename(newName)) setRenaming(false);
            }}
          />
        ) : (
          <h3 className="project-card-name">
            <Link to="/projects/$id" params={{ id: project.id }}>
              {name}
            </Link>
          </h3>
        )}
        <p className="project-card-time" title={formatDateTime(project.updatedAt, i18n.language)}>
          {t('home.edited', { when: formatRelativeTime(project.updatedAt, now, i18n.language) })}
        </p>
        {cloud ? <CloudStatusIndicator sync={cloud} projectId={project.id} compact /> : null}
      </div>
      <div className="project-card-actions">
        <button
          type="button"
          className="icon-button"
          aria-label={t('home.rename', { name })}
          title={t('home.rename', { name })}
          onClick={() => setRenaming(true)}
        >
          <Pencil aria-hidden="true" size={20} />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={t('home.duplicate', { name })}
          title={t('home.duplicate', { name })}
          onClick={onDuplicate}
        >
          <Copy aria-hidden="true" size={20} />
        </button>
        <button
          type="button"
          className="icon-button icon-button-danger"
          aria-label={t('home.delete', { name })}
          title={t('home.delete', { name })}
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" size={20} />
        </button>
      </div>
    </li>
  );
}

/** Inline rename: Enter saves, Escape cancels; problems are announced with the field. */
function RenameForm({
  name,
  onSave,
  onCancel,
}: {
  name: string;
  onSave: (name: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(name);
  const errorId = useId();
  const problem = checkProjectName(value);
  return (
    <form
      className="rename-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!problem) void onSave(value);
      }}
    >
      <input
        className="text-input"
        value={value}
        aria-label={t('home.renameLabel', { name })}
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
        aria-invalid={problem !== null}
        aria-describedby={problem ? errorId : undefined}
      />
      {problem ? (
        <p id={errorId} className="field-error">
          {t(nameProblemKey(problem), { max: MAX_PROJECT_NAME_LENGTH })}
        </p>
      ) : null}
      <div className="rename-actions">
        <button type="submit" className="button button-primary button-small" disabled={problem !== null}>
          {t('home.save')}
        </button>
        <button type="button" className="button button-secondary button-small" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
