import type { FastifyInstance } from 'fastify';

/**
 * A fetch that answers requests to this server's own public address in-process
 * (`app.inject`), and sends any other request to the network. The server is the local identity
 * provider's client: this way it reaches the provider whatever name or proxy people use.
 */
export function injectFetch(app: FastifyInstance, publicUrl: () => string) {
  return async (url: string, options: RequestInit = {}): Promise<Response> => {
    const target = new URL(url);
    const self = new URL(publicUrl());
    if (target.origin !== self.origin) return fetch(url, options);
    const headers = Object.fromEntries(new Headers(options.headers ?? {}).entries());
    const body = options.body;
    const response = await app.inject({
      method: (options.method ?? 'GET') as 'GET',
      url: target.pathname + target.search,
      headers: { ...headers, host: self.host },
      ...(body === undefined || body === null
        ? {}
        : { payload: typeof body === 'string' ? body : String(body as URLSearchParams) }),
    });
    const outHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [String(value)]) outHeaders.append(name, item);
    }
    const noBody = response.statusCode === 204 || response.statusCode === 304;
    return new Response(noBody ? null : response.rawPayload, { status: response.statusCode, headers: outHeaders });
  };
}
