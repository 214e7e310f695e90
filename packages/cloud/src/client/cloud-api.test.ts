import { describe, expect, it } from 'vitest';
import { CloudApi, CloudHttpError } from './cloud-api.ts';
import { TestHttp } from './test-http.ts';

function api(http: TestHttp, token: string | null = 'tok-123') {
  let unauthorized = 0;
  const client = new CloudApi({
    http,
    baseUrl: 'http://blockyard.test',
    target: 'microbit',
    token: () => token,
    onUnauthorized: () => unauthorized++,
  });
  return { client, unauthorized: () => unauthorized };
}

describe('CloudApi', () => {
  it('sends the target header, the token and JSON, and reads JSON back', async () => {
    const http = new TestHttp(() => ({ status: 200, body: { ok: 1 } }));
    const { client } = api(http);
    expect(await client.call('PATCH', '/api/user/preferences', [{ op: 'add', path: '/a', value: 1 }])).toEqual({
      ok: 1,
    });
    expect(http.requests[0]).toEqual({
      method: 'PATCH',
      url: 'http://blockyard.test/api/user/preferences',
      headers: {
        'x-blockyard-target': 'microbit',
        authorization: 'Bearer tok-123',
        'content-type': 'application/json',
      },
      body: '[{"op":"add","path":"/a","value":1}]',
    });
  });

  it('sends no authorization header when no token is stored', async () => {
    const http = new TestHttp(() => ({ status: 200, body: {} }));
    await api(http, null).client.call('GET', '/api/clientconfig');
    expect(http.requests[0]?.headers).toEqual({ 'x-blockyard-target': 'microbit' });
  });

  it('raises spec 000 §8 errors with the server’s message', async () => {
    const http = new TestHttp(() => ({
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: 'Changed elsewhere.', code: 'conflict' },
    }));
    const error = await api(http)
      .client.call('PUT', '/api/projects/x', {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CloudHttpError);
    expect((error as CloudHttpError).message).toBe(
      'Bad HTTP status code: 409 at http://blockyard.test/api/projects/x; message: Changed elsewhere.',
    );
    expect((error as CloudHttpError).body?.code).toBe('conflict');
  });

  it('signs out on any 401 except from the logout call', async () => {
    const http = new TestHttp(() => ({ status: 401, body: 'no' }));
    const { client, unauthorized } = api(http);
    await expect(client.call('GET', '/api/user/profile')).rejects.toThrow('Bad HTTP status code: 401');
    expect(unauthorized()).toBe(1);
    await expect(client.call('GET', '/api/auth/logout?redirect_uri=x')).rejects.toThrow();
    expect(unauthorized()).toBe(1);
    await expect(client.call('GET', '/api/projects')).rejects.toThrow();
    expect(unauthorized()).toBe(2);
  });
});
