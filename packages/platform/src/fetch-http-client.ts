import type { HttpClient, HttpRequest, HttpResponse } from '@blockyard/core';

/** HttpClient over the host's fetch. */
export class FetchHttpClient implements HttpClient {
  constructor(private readonly fetchImpl: typeof fetch = (input, init) => fetch(input, init)) {}

  async request(request: HttpRequest): Promise<HttpResponse> {
    const init: RequestInit = { method: request.method ?? 'GET' };
    if (request.headers) init.headers = request.headers;
    if (request.body !== undefined) init.body = request.body;
    const response = await this.fetchImpl(request.url, init);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, key) => {
      headers[key] = value;
    });
    return { status: response.status, headers, text: () => response.text() };
  }
}
