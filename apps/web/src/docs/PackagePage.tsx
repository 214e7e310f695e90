import { packageBlockAnchor, parsePackagePath, type PackageRef, type ReferencePageData } from '@blockyard/docs';
import { useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/services-context.tsx';
import { ExtensionError } from '../extensions/project-extensions.ts';
import type { Crumb } from '../routes/Breadcrumbs.tsx';
import { DocsFrame } from './DocsFrame.tsx';
import { DocsLink } from './DocsLink.tsx';
import { loadPackageHelp, type PackageHelp } from './package-help-source.ts';
import type { SnippetDependency } from './DocsSnippet.tsx';
import { Example, Parameters, Signature } from './ReferenceEntryParts.tsx';
import './reference.css';

type State =
  | { readonly kind: 'loading' }
  | { readonly kind: 'ready'; readonly help: PackageHelp }
  | { readonly kind: 'failed'; readonly error: ExtensionError };

/**
 * Each block of the extension, under its category's heading, with an anchor for its Help item, and
 * its example (which opens in a project that has the extension).
 */
function Blocks({ pages, dependency }: { pages: readonly ReferencePageData[]; dependency: SnippetDependency }) {
  const { t } = useTranslation();
  if (pages.length === 0) return <p>{t('pkg.noBlocks')}</p>;
  const categories = [...new Set(pages.map((page) => page.category))];
  return categories.map((category) => {
    const inCategory = pages.filter((page) => page.category === category);
    const id = `pkg-category-${category}`;
    return (
      <section key={category} aria-labelledby={id}>
        <h2 id={id}>{inCategory[0]!.categoryLabel}</h2>
        {inCategory.flatMap((page) =>
          page.entries.map((entry, index) => (
            <section
              key={entry.qName}
              id={packageBlockAnchor(entry.qName)}
              className="reference-entry pkg-block"
              aria-label={entry.qName}
            >
              <h3>{page.title}</h3>
              {entry.doc && <p className="reference-doc">{entry.doc}</p>}
              <Signature entry={entry} />
              <Parameters entry={entry} />
              {/* Functions sharing a page share its example: it follows the first. */}
              {index === 0 && <Example page={page} dependency={dependency} level={4} />}
            </section>
          )),
        )}
      </section>
    );
  });
}

function Failure({ error, name }: { error: ExtensionError; name: string }) {
  const { t } = useTranslation();
  const reason = error.reason === 'noServer' ? 'unreachable' : error.reason;
  return (
    <div role="alert">
      <p>
        <strong>{t('extensions.cannotLoad', { name, ref: error.ref })}</strong>
      </p>
      <p>{t(`extensions.error.${reason}`, { ref: error.ref })}</p>
      {error.detail ? (
        <details>
          <summary>{t('common.details')}</summary>
          <p>{error.detail}</p>
        </details>
      ) : null}
    </div>
  );
}

/** The name a learner knows an extension by: ours by its folder, a repository by its project. */
const shortName = (ref: PackageRef) => (ref.kind === 'builtin' ? ref.id : ref.project);

/**
 * `/pkg/{package}`: an extension's help page (spec 000 §2): ours (`/pkg/servo-kit`) or one on the
 * code host (`/pkg/{owner}/{project}[/{tag}]`), its blocks listed as the block help pages draw
 * them. `#{block}` scrolls to one block (the Help item of an extension block leads there).
 */
export function PackagePage() {
  const { t } = useTranslation();
  const services = useServices();
  const { _splat: splat = '' } = useParams({ from: '/pkg/$' });
  const ref = parsePackagePath(splat);
  // What the last load gave, for the address it was made for (a new address shows "loading").
  const [loaded, setLoaded] = useState<{ readonly splat: string; readonly state: State } | null>(null);
  const state: State = loaded?.splat === splat ? loaded.state : { kind: 'loading' };

  useEffect(() => {
    if (!ref) return;
    let current = true;
    const compiler = services.editor?.compiler() ?? services.compiler;
    loadPackageHelp(
      ref,
      services.extensions,
      (files) => compiler.service({ op: 'readExtensions', files: { ...files } }),
      (files, code) => compiler.service({ op: 'readExtensionsPython', files: { ...files }, code }),
    )
      .then((help) => current && setLoaded({ splat, state: { kind: 'ready', help } }))
      .catch(
        (error: unknown) =>
          current &&
          setLoaded({
            splat,
            state: {
              kind: 'failed',
              error:
                error instanceof ExtensionError
                  ? error
                  : new ExtensionError('unreachable', splat, error instanceof Error ? error.message : String(error)),
            },
          }),
      );
    return () => {
      current = false;
    };
    // The address (splat) names the extension; ref is made from it on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [splat, services]);

  // The Help item of a block leads to its anchor, which exists only once the extension is loaded.
  useEffect(() => {
    if (loaded?.state.kind !== 'ready' || !window.location.hash) return;
    const target = document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
    target?.scrollIntoView?.();
  }, [loaded]);

  const root: Crumb = { label: t('reference.root'), referencePath: '' };
  if (!ref) {
    return (
      <DocsFrame title={t('pkg.notFoundTitle')} active="" trail={[]} crumbs={[root, { label: splat }]}>
        <h1>{t('pkg.notFoundTitle')}</h1>
        <p>{t('pkg.notFound')}</p>
        <p>
          <DocsLink href="/reference">{t('reference.allBlocks')}</DocsLink>
        </p>
      </DocsFrame>
    );
  }
  const name = state.kind === 'ready' ? state.help.id : shortName(ref);
  return (
    <DocsFrame title={t('pkg.title', { name })} active="" trail={[]} crumbs={[root, { label: name }]}>
      <h1>{t('pkg.title', { name })}</h1>
      {state.kind === 'loading' && <p role="status">{t('pkg.loading')}</p>}
      {state.kind === 'failed' && <Failure error={state.error} name={name} />}
      {state.kind === 'ready' && (
        <>
          {state.help.description && <p className="reference-doc">{state.help.description}</p>}
          <p className="pkg-source">
            {state.help.builtin ? t('pkg.builtin') : t('pkg.fromRepository', { ref: state.help.ref })}
            {state.help.version ? ` · ${t('extensions.version', { version: state.help.version })}` : ''}
          </p>
          <p>{t('pkg.intro')}</p>
          {state.help.boardOnly.length > 0 && (
            <p className="pkg-board-only">{t('extensions.boardOnly', { names: state.help.boardOnly.join(', ') })}</p>
          )}
          <Blocks pages={state.help.pages} dependency={state.help.dependency} />
        </>
      )}
    </DocsFrame>
  );
}
