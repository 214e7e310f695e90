import type { HttpClient, HttpRequest, HttpResponse } from '@blockyard/core';
import { CloudApi, type CloudApiOptions } from './cloud-api.ts';

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** An HttpClient answering from a handler, keeping every request it was sent. */
export class TestHttp implements HttpClient {
  readonly requests: HttpRequest[] = [];
  constructor(public handler: (request: HttpRequest) => Reply | Promise<Reply>) {}

  async request(request: HttpRequest): Promise<HttpResponse> {
    this.requests.push(request);
    const reply = await this.handler(request);
    const text =
      reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    return { status: reply.status, headers: reply.headers ?? {}, text: () => Promise.resolve(text) };
  }
}

/** A signed-out micro:bit client of the API at the same origin over `http` (unless `options` say otherwise). */
export function testApi(http: HttpClient, options: Partial<CloudApiOptions> = {}): CloudApi {
  return new CloudApi({
    http,
    baseUrl: '',
    target: 'microbit',
    token: () => null,
    onUnauthorized: () => undefined,
    ...options,
  });
}
