import { CloudOfflineError } from '@blockyard/cloud';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/services-context.tsx';
import { cloudErrorText } from '../cloud/cloud-error-text.ts';
import type { ServerContent } from '../cloud/server-content.ts';
import { docsMarkdown, docsServerPath } from './docs-source.ts';

export interface DocsMarkdown {
  /** The page's markdown: the server's when it answered, else the copy built into the app. */
  readonly markdown: string | undefined;
  /** Set when the server's copy was wanted and could not be had (plain words). */
  readonly notice: string | null;
  /** True while the server is asked for a page the app has no copy of. */
  readonly loading: boolean;
}

interface Live {
  readonly address: string;
  readonly text?: string;
  readonly error?: unknown;
}

const noServer = { subscribe: () => () => undefined, getPresence: () => 'none' as const };

/**
 * A guide's markdown (spec 001 §7 `md/{target}/{path}`): with a server behind the page and a
 * network, the server's copy through the content client (kept with its ETag, so an unchanged
 * page costs a 304); offline, or with no server, the copy built into the app. The built-in copy
 * shows at once and the server's replaces it when it differs.
 */
export function useDocsMarkdown(address: string): DocsMarkdown {
  const { t } = useTranslation();
  const { content } = useServices();
  const source: Pick<ServerContent, 'subscribe' | 'getPresence'> = content ?? noServer;
  const presence = useSyncExternalStore(source.subscribe, source.getPresence);
  const bundled = docsMarkdown(address);
  const [live, setLive] = useState<Live | null>(null);

  const wanted = presence === 'server' && content !== undefined && content.canFetchPages();
  useEffect(() => {
    if (!wanted || !content) return;
    let current = true;
    content.page(docsServerPath(address)).then(
      (text) => current && setLive({ address, text }),
      (error: unknown) => {
        console.warn(`Guide ${address}: ${error instanceof Error ? error.message : String(error)}`);
        if (current) setLive({ address, error });
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, content, address]);

  const mine = live?.address === address ? live : null;
  if (mine?.text !== undefined) return { markdown: mine.text, notice: null, loading: false };
  if (mine?.error !== undefined) {
    // Offline is expected: the built-in copy is the page, no notice needed.
    const quiet = mine.error instanceof CloudOfflineError && bundled !== undefined;
    const notice =
      quiet || bundled === undefined ? null : t('docs.liveFailed', { reason: cloudErrorText(mine.error, t) });
    return { markdown: bundled, notice, loading: false };
  }
  return { markdown: bundled, notice: null, loading: wanted && bundled === undefined };
}
