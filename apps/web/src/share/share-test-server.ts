// A fake Blockyard server's share routes for the share tests: publishes into a map, answers
// reads, unpublishes with the key, and can be told to refuse.
import { CloudApi, ShareClient, type protocol } from '@blockyard/cloud';
import { MemoryKeyValueStore, type HttpRequest, type HttpResponse } from '@blockyard/core';

export const SHARE_ID = '_Ab12Cd34Ef56';

export interface FakeShareServer {
  shares: ShareClient;
  store: MemoryKeyValueStore;
  requests: HttpRequest[];
  published: Map<
    string,
    {
      name: string;
      files: Record<string, string>;
      thumbnail?: string;
      history?: protocol.SharedVersion[];
      unshared: boolean;
    }
  >;
  /** Reports received (`POST /api/{id}/report`), with the share's id. */
  reports: (protocol.ReportRequest & { id: string })[];
  /** The next calls answer with this status and message instead. */
  refuse: { status: number; message: string } | null;
  /** Network failure (no answer at all). */
  offline: boolean;
}

export function fakeShareServer(): FakeShareServer {
  const store = new MemoryKeyValueStore();
  const server: FakeShareServer = {
    shares: undefined as unknown as ShareClient,
    store,
    requests: [],
    published: new Map(),
    reports: [],
    refuse: null,
    offline: false,
  };
  const answer = (status: number, body?: unknown): HttpResponse => ({
    status,
    headers: {},
    text: () => Promise.resolve(body === undefined ? '' : JSON.stringify(body)),
  });
  const http = {
    request(request: HttpRequest): Promise<HttpResponse> {
      server.requests.push(request);
      if (server.offline) return Promise.reject(new TypeError('Failed to fetch'));
      if (server.refuse) {
        const { status, message } = server.refuse;
        return Promise.resolve(answer(status, { statusCode: status, error: 'Error', message }));
      }
      const method = request.method ?? 'GET';
      if (method === 'POST' && request.url === '/api/scripts') {
        const body = JSON.parse(request.body ?? '{}') as { name: string; files: Record<string, string> };
        server.published.set(SHARE_ID, { ...body, unshared: false });
        return Promise.resolve(
          answer(201, { id: SHARE_ID, url: `http://blockyard.test/${SHARE_ID}`, unpublishKey: 'key-1' }),
        );
      }
      const match = /^\/api\/(_[A-Za-z0-9]{12})(\/text|\/history|\/report)?$/.exec(request.url);
      const shared = match ? server.published.get(match[1] ?? '') : undefined;
      if (!match || !shared) return Promise.resolve(answer(404, { statusCode: 404, message: 'not here' }));
      if (shared.unshared) return Promise.resolve(answer(410, { statusCode: 410, message: 'unshared' }));
      if (method === 'DELETE') {
        if (request.headers?.['x-unpublish-key'] !== 'key-1') return Promise.resolve(answer(403, { message: 'no' }));
        shared.unshared = true;
        return Promise.resolve(answer(200, { unpublished: true }));
      }
      if (method === 'POST' && match[2] === '/report') {
        const body = JSON.parse(request.body ?? '{}') as protocol.ReportRequest;
        server.reports.push({ ...body, id: match[1] ?? '' });
        return Promise.resolve(answer(202, { received: true }));
      }
      if (match[2] === '/history') return Promise.resolve(answer(200, { versions: shared.history ?? [] }));
      if (match[2]) return Promise.resolve(answer(200, shared.files));
      return Promise.resolve(
        answer(200, {
          kind: 'script',
          id: SHARE_ID,
          name: shared.name,
          description: '',
          time: 1,
          target: 'microbit',
          editor: 'tsprj',
          thumbnail: false,
          historyLength: shared.history?.length ?? 0,
          mine: false,
        }),
      );
    },
  };
  const api = new CloudApi({ http, baseUrl: '', target: 'microbit', token: () => null, onUnauthorized: () => {} });
  server.shares = new ShareClient({ api, store, now: () => 1000 });
  return server;
}
