import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { focusHeadingAfterNavigation } from '../docs/heading-focus.ts';

export interface Crumb {
  label: string;
  /** A path under /docs (without the /docs/ prefix); the last crumb has none. */
  docsPath?: string;
  /** Or a path under /reference (block help). */
  referencePath?: string;
}

/** Documentation breadcrumbs always start at /docs (spec 000 §2). */
export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  const { t } = useTranslation();
  const all: Crumb[] = [{ label: t('docs.breadcrumbRoot'), docsPath: '' }, ...trail];
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {all.map((crumb, index) => (
          <li key={`${index}-${crumb.label}`}>
            {index < all.length - 1 && crumb.docsPath !== undefined ? (
              <Link to="/docs/$" params={{ _splat: crumb.docsPath }} onClick={focusHeadingAfterNavigation}>
                {crumb.label}
              </Link>
            ) : index < all.length - 1 && crumb.referencePath !== undefined ? (
              <Link to="/reference/$" params={{ _splat: crumb.referencePath }} onClick={focusHeadingAfterNavigation}>
                {crumb.label}
              </Link>
            ) : (
              <span aria-current="page">{crumb.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
