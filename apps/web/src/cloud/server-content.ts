import type { ContentClient, SharedStorage, protocol } from '@blockyard/cloud';
import type { LiveTranslations } from '../i18n/live-translations.ts';

/** Whether a Blockyard server is behind the page: not known until its client config is read. */
export type ServerPresence = 'unknown' | 'none' | 'server';

export interface ServerContentOptions {
  readonly content: Pick<ContentClient, 'markdown'>;
  readonly sharedStorage: SharedStorage;
  readonly translations?: LiveTranslations;
  /** The browser's idea of the network (navigator.onLine). */
  readonly online: () => boolean;
}

/**
 * The content calls of spec 000 §7 for the screens, started by the client config read at start
 * (`connect`): live translations, docs pages through the content client, and the shared storage
 * (the dev server it names, or memory). A store for useSyncExternalStore.
 */
export class ServerContent {
  private presence: ServerPresence = 'unknown';
  private readonly listeners = new Set<() => void>();

  constructor(private readonly options: ServerContentOptions) {}

  get sharedStorage(): SharedStorage {
    return this.options.sharedStorage;
  }

  getPresence = (): ServerPresence => this.presence;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The server's client config (null: no server answered, e.g. static hosting). */
  connect(config: protocol.ClientConfig | null): void {
    this.presence = config ? 'server' : 'none';
    this.options.sharedStorage.useServer(config?.sharedStoreUrl ?? null);
    if (config) void this.options.translations?.start();
    for (const listener of this.listeners) listener();
  }

  /** Whether a docs page is worth asking the server for now (a server, and a network). */
  canFetchPages(): boolean {
    return this.presence === 'server' && this.options.online();
  }

  /** A docs page's markdown (`path` like `getting-started/first-program`), kept with its ETag. */
  page(path: string): Promise<string> {
    return this.options.content.markdown(path);
  }
}
