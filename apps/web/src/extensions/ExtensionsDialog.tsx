// The editor's Extensions dialog: the project's extensions (with Remove, and why one did not
// load), our own built-in ones, a search of the code host through our server, and any repository
// id or address pasted in. Picking one opens its details (version, README) with "Add to project".
// Every refusal is one plain sentence, with the exact reason under "Details"; nothing is changed
// in the project unless an extension was checked and added.

import type { RepoDescriptor } from '@blockyard/core';
import { parseRepoId } from '@blockyard/core';
import { ArrowLeft, ArrowUpCircle, BadgeCheck, BookOpen, Plus, Search, Trash2, Undo2 } from 'lucide-react';
import { useEffect, useId, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../ui/Dialog.tsx';
import { ProblemNote } from '../ui/ProblemNote.tsx';
import { BUILTIN_EXTENSIONS } from './builtin-extensions.ts';
import type { ExtensionsController } from './extensions-controller.ts';
import {
  atTag,
  ExtensionError,
  findUpdate,
  prepareExtension,
  extensionHelpPath,
  problemText,
  type PreparedExtension,
  type ProjectExtension,
} from './project-extensions.ts';
import './extensions.css';

export interface ExtensionsDialogProps {
  open: boolean;
  onClose: () => void;
  controller: ExtensionsController;
  /** The project's files right now (pxt.json is read to check what is added). */
  projectFiles: () => Readonly<Record<string, string>>;
}

/** One entry of the list: a built-in extension, a search result, or a pasted repository. */
interface Candidate {
  readonly key: string;
  readonly name: string;
  readonly description: string;
  /** What prepareExtension is given. */
  readonly input: string;
  readonly badge?: 'builtin' | 'approved';
  readonly repo?: string;
}

interface Failure {
  readonly words: string;
  readonly detail?: string;
}

const builtinCandidates: Candidate[] = BUILTIN_EXTENSIONS.map((extension) => ({
  key: `builtin:${extension.id}`,
  name: extension.id,
  description: extension.description,
  input: extension.id,
  badge: 'builtin',
}));

function fromSearch(item: RepoDescriptor): Candidate {
  return {
    key: `repo:${item.fullName}`,
    name: item.name,
    description: item.description,
    input: item.fullName,
    repo: item.fullName,
    ...(item.status === 'Approved' ? { badge: 'approved' as const } : {}),
  };
}

/** A query that names a repository (owner/project, github:…, an address) is not searched for. */
function namesRepository(query: string): boolean {
  return query.includes('/') && parseRepoId(query) !== null;
}

/** The extension's help page (its blocks, `/pkg/...`), in a new tab as a block's Help item opens. */
function HelpLink({ extension }: { extension: Pick<ProjectExtension, 'id' | 'kind' | 'spec'> }) {
  const { t } = useTranslation();
  const href = extensionHelpPath(extension);
  if (!href) return null;
  return (
    <a className="button button-secondary" href={href} target="_blank" rel="noopener">
      <BookOpen aria-hidden="true" size={18} />
      {t('extensions.helpFor', { name: extension.id })}
    </a>
  );
}

export function ExtensionsDialog({ open, onClose, controller, projectFiles }: ExtensionsDialogProps) {
  const { t } = useTranslation();
  const searchId = useId();
  const state = useSyncExternalStore(
    (listener) => controller.subscribe(listener),
    () => controller.getState(),
  );
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<{ query: string; items: Candidate[] } | null>(null);
  const [busy, setBusy] = useState<'searching' | 'opening' | 'adding' | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [details, setDetails] = useState<{
    candidate: Candidate;
    prepared: PreparedExtension;
    /** An update: the extension as the project has it now (confirmed before pxt.json changes). */
    replaces?: ProjectExtension;
  } | null>(null);
  /** Newer releases of the project's code-host extensions, by id (asked when the dialog opens). */
  const [updates, setUpdates] = useState<Readonly<Record<string, string>>>({});
  /** The last update, to take back: the extension's id and its pxt.json text before. */
  const [undo, setUndo] = useState<{ id: string; spec: string } | null>(null);

  const extensionsKey = state.load.extensions.map((e) => `${e.id}=${e.spec}`).join(',');
  useEffect(() => {
    if (!open || !controller.host) return;
    let current = true;
    void Promise.all(
      state.load.extensions.map(async (extension) => [extension.id, await findUpdate(extension, controller.host)]),
    ).then((found) => {
      if (!current) return;
      setUpdates(Object.fromEntries(found.filter((entry): entry is [string, string] => entry[1] !== undefined)));
    });
    return () => {
      current = false;
    };
    // The list is read again only when the project's extensions (or their versions) change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, controller, extensionsKey]);

  const explain = (error: unknown, name: string): Failure => {
    if (error instanceof ExtensionError) {
      return {
        // Without a server behind the page, the code host is out of reach as much as when offline.
        words: t(`extensions.error.${error.reason === 'noServer' ? 'unreachable' : error.reason}`, { ref: error.ref }),
        ...(error.detail ? { detail: `${t('extensions.cannotLoad', { name, ref: error.ref })}: ${error.detail}` } : {}),
      };
    }
    return { words: t('extensions.error.unreachable') };
  };

  const search = async (event: FormEvent) => {
    event.preventDefault();
    const text = query.trim();
    setFailure(null);
    setDone(null);
    if (text === '') {
      setResults(null);
      return;
    }
    const lower = text.toLowerCase();
    const own = builtinCandidates.filter((c) => c.name.includes(lower) || c.description.toLowerCase().includes(lower));
    if (namesRepository(text)) {
      const repo = parseRepoId(text)!;
      setResults({
        query: text,
        items: [
          { key: `repo:${repo.fullName}`, name: repo.project, description: '', input: text, repo: repo.fullName },
        ],
      });
      return;
    }
    if (!controller.host) {
      setResults({ query: text, items: own });
      return;
    }
    setBusy('searching');
    try {
      const found = await controller.host.search(text);
      setResults({ query: text, items: [...own, ...found.map(fromSearch)] });
    } catch (error) {
      setResults({ query: text, items: own });
      setFailure(explain(error, text));
    } finally {
      setBusy(null);
    }
  };

  const openDetails = async (candidate: Candidate) => {
    setFailure(null);
    setDone(null);
    setBusy('opening');
    try {
      setDetails({ candidate, prepared: await prepareExtension(candidate.input, projectFiles(), controller.host) });
    } catch (error) {
      setFailure(explain(error, candidate.name));
    } finally {
      setBusy(null);
    }
  };

  const add = async (prepared: PreparedExtension, replaces?: ProjectExtension) => {
    setBusy('adding');
    try {
      // An update keeps the name pxt.json has, whatever the new release calls itself.
      await controller.add(replaces ? { ...prepared, id: replaces.id } : prepared);
      setDetails(null);
      if (replaces) {
        setUndo({ id: replaces.id, spec: replaces.spec });
        setDone(t('extensions.updated', { name: replaces.id, version: prepared.version ?? '' }));
      } else {
        setUndo(null);
        setDone(t('extensions.added', { name: prepared.id }));
      }
    } finally {
      setBusy(null);
    }
  };

  /** Checks the newer release first (like adding one), then asks before changing pxt.json. */
  const openUpdate = async (extension: ProjectExtension, tag: string) => {
    const input = atTag(extension.spec, tag);
    if (!input) return;
    setFailure(null);
    setDone(null);
    setBusy('opening');
    try {
      const prepared = await prepareExtension(input, projectFiles(), controller.host);
      setDetails({
        candidate: {
          key: `update:${extension.id}`,
          name: extension.id,
          description: '',
          input,
          repo: extension.repo ?? '',
        },
        prepared,
        replaces: extension,
      });
    } catch (error) {
      setFailure(explain(error, extension.id));
    } finally {
      setBusy(null);
    }
  };

  const takeBack = async () => {
    if (!undo) return;
    setBusy('adding');
    try {
      await controller.add({ id: undo.id, spec: undo.spec, description: '' });
      setDone(t('extensions.updateUndone', { name: undo.id }));
      setUndo(null);
    } finally {
      setBusy(null);
    }
  };

  const remove = async (extension: ProjectExtension) => {
    setFailure(null);
    setUndo(null);
    await controller.remove(extension.id);
    setDone(t('extensions.removed', { name: extension.id }));
  };

  const list = results ? results.items : builtinCandidates;

  return (
    <Dialog open={open} title={t('extensions.title')} onClose={onClose} className="extensions-dialog">
      {details ? (
        <section className="extensions-details" aria-label={details.prepared.id}>
          <button type="button" className="button button-secondary button-small" onClick={() => setDetails(null)}>
            <ArrowLeft className="icon-mirror" aria-hidden="true" size={18} />
            {t('extensions.back')}
          </button>
          <h3 className="extensions-name">{details.prepared.id}</h3>
          {details.candidate.repo ? <p className="extensions-repo">{details.candidate.repo}</p> : null}
          {details.replaces ? (
            <p className="extensions-note">
              {t('extensions.updateFrom', {
                current: details.replaces.version ?? details.replaces.spec,
                version: details.prepared.version ?? details.prepared.spec,
              })}
            </p>
          ) : details.prepared.version ? (
            <p className="extensions-note">{t('extensions.version', { version: details.prepared.version })}</p>
          ) : null}
          {details.prepared.description ? <p>{details.prepared.description}</p> : null}
          {details.prepared.readme ? <pre className="extensions-readme">{details.prepared.readme}</pre> : null}
          <div className="dialog-actions">
            <HelpLink
              extension={{
                id: details.prepared.id,
                spec: details.prepared.spec,
                kind: details.prepared.spec === '*' ? 'builtin' : 'repository',
              }}
            />
            <button
              type="button"
              className="button button-primary"
              disabled={busy !== null}
              onClick={() => void add(details.prepared, details.replaces)}
            >
              {details.replaces ? (
                <ArrowUpCircle aria-hidden="true" size={18} />
              ) : (
                <Plus aria-hidden="true" size={18} />
              )}
              {busy === 'adding'
                ? t('extensions.busy')
                : details.replaces
                  ? t('extensions.updateConfirm')
                  : t('extensions.add')}
            </button>
          </div>
        </section>
      ) : (
        <>
          <form className="extensions-search" role="search" onSubmit={(event) => void search(event)}>
            <label htmlFor={searchId} className="field-label">
              {t('extensions.searchLabel')}
            </label>
            <div className="extensions-row">
              <input
                id={searchId}
                className="text-input"
                type="search"
                value={query}
                maxLength={300}
                onChange={(event) => setQuery(event.target.value)}
              />
              <button type="submit" className="button button-primary" disabled={busy !== null}>
                <Search aria-hidden="true" size={18} />
                {busy === 'searching' ? t('extensions.busy') : t('extensions.search')}
              </button>
            </div>
          </form>
          <section aria-labelledby={`${searchId}-list`}>
            <h3 id={`${searchId}-list`} className="extensions-subheading">
              {results ? t('extensions.resultsHeading') : t('extensions.builtin')}
            </h3>
            {results && results.items.length === 0 ? (
              <p className="extensions-note">{t('extensions.noResults', { query: results.query })}</p>
            ) : (
              <ul className="extensions-list">
                {list.map((candidate) => (
                  <li key={candidate.key} className="extensions-card">
                    <div className="extensions-card-text">
                      <span className="extensions-name">{candidate.name}</span>
                      {candidate.repo ? <span className="extensions-note">{candidate.repo}</span> : null}
                      {candidate.badge ? (
                        <span className="extensions-badge">
                          {candidate.badge === 'approved' ? <BadgeCheck aria-hidden="true" size={16} /> : null}
                          {t(`extensions.${candidate.badge}`)}
                        </span>
                      ) : null}
                      {candidate.description ? <span className="extensions-note">{candidate.description}</span> : null}
                    </div>
                    <button
                      type="button"
                      className="button button-secondary"
                      disabled={busy !== null}
                      aria-label={`${t('common.details')}: ${candidate.name}`}
                      onClick={() => void openDetails(candidate)}
                    >
                      {busy === 'opening' ? t('extensions.busy') : t('common.details')}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      <p className="extensions-done" role="status">
        {done ?? (state.status === 'loading' ? t('extensions.busy') : '')}
      </p>
      {undo && done ? (
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={busy !== null}
          onClick={() => void takeBack()}
        >
          <Undo2 aria-hidden="true" size={18} />
          {t('extensions.undoUpdate')}
        </button>
      ) : null}
      {failure ? <ProblemNote words={failure.words} detail={failure.detail} /> : null}
      <section aria-labelledby={`${searchId}-project`} className="extensions-project">
        <h3 id={`${searchId}-project`} className="extensions-subheading">
          {t('extensions.inProject')}
        </h3>
        {state.load.extensions.length === 0 ? (
          <p className="extensions-note">{t('extensions.none')}</p>
        ) : (
          <ul className="extensions-list">
            {state.load.extensions.map((extension) => (
              <li key={extension.id} className="extensions-card">
                <div className="extensions-card-text">
                  <span className="extensions-name">{extension.id}</span>
                  <span className="extensions-note">
                    {extension.repo ?? t('extensions.builtin')}
                    {extension.version ? ` · ${t('extensions.version', { version: extension.version })}` : ''}
                  </span>
                  {extension.problem ? (
                    <span className="extensions-warning">
                      {t('extensions.notLoaded', { reason: problemText(extension.problem) })}
                    </span>
                  ) : null}
                  {state.boardOnly[extension.id]?.length ? (
                    <span className="extensions-warning">
                      {t('extensions.boardOnly', { names: state.boardOnly[extension.id]!.join(', ') })}
                    </span>
                  ) : null}
                </div>
                <HelpLink extension={extension} />
                {updates[extension.id] && !details ? (
                  <button
                    type="button"
                    className="button button-secondary"
                    disabled={busy !== null}
                    onClick={() => void openUpdate(extension, updates[extension.id]!)}
                  >
                    <ArrowUpCircle aria-hidden="true" size={18} />
                    {t('extensions.update', { name: extension.id, version: updates[extension.id] })}
                  </button>
                ) : null}
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={busy !== null}
                  onClick={() => void remove(extension)}
                >
                  <Trash2 aria-hidden="true" size={18} />
                  {t('extensions.removeLabel', { name: extension.id })}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </Dialog>
  );
}
