import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { focusHeadingAfterNavigation } from './heading-focus.ts';

/**
 * A link in a guide or the contents: guides and block help move inside the app (no reload), other pages of
 * ours load normally, and other sites open in a new tab.
 */
export function DocsLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  const docs = /^\/docs(?:\/([^#?]*))?(?:#(.*))?$/.exec(href);
  if (docs) {
    return (
      <Link
        to="/docs/$"
        params={{ _splat: docs[1] ?? '' }}
        {...(docs[2] ? { hash: docs[2] } : {})}
        {...(className ? { className } : {})}
        activeOptions={{ exact: true }}
        onClick={focusHeadingAfterNavigation}
      >
        {children}
      </Link>
    );
  }
  const reference = /^\/reference(?:\/([^#?]*))?$/.exec(href);
  if (reference) {
    return (
      <Link
        to="/reference/$"
        params={{ _splat: reference[1] ?? '' }}
        {...(className ? { className } : {})}
        onClick={focusHeadingAfterNavigation}
      >
        {children}
      </Link>
    );
  }
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <a href={href} {...(className ? { className } : {})}>
        {children}
      </a>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" {...(className ? { className } : {})}>
      {children}
    </a>
  );
}
