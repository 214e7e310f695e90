import { MemoryKeyValueStore } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import { CloudHttpError } from './cloud-api.ts';
import { SHARE_STORAGE_PREFIX, ShareClient, shareEmbedCode } from './share-client.ts';
import { TestHttp, testApi, type Reply } from './test-http.ts';

const ID = '_Ab12Cd34Ef56';
const FILES = { 'main.ts': 'basic.showNumber(1)\n', 'pxt.json': '{}' };

function client(handler: (method: string, url: string) => Reply) {
  const http = new TestHttp((request) => handler(request.method ?? 'GET', request.url));
  const store = new MemoryKeyValueStore();
  const api = testApi(http);
  return { http, store, shares: new ShareClient({ api, store, now: () => 5000 }) };
}

const published = { status: 201, body: { id: ID, url: `http://blockyard.test/${ID}`, unpublishKey: 'key-1' } };

describe('ShareClient', () => {
  it('publishes a snapshot and remembers the link and its key for the project', async () => {
    const { http, shares } = client(() => published);
    const share = await shares.publish('p1', { name: 'Dice', files: FILES, thumbnail: 'data:image/png;base64,AA==' });
    expect(share).toEqual({ id: ID, url: `http://blockyard.test/${ID}`, unpublishKey: 'key-1', time: 5000 });
    expect(http.requests[0]?.method).toBe('POST');
    expect(http.requests[0]?.url).toBe('/api/scripts');
    expect(JSON.parse(http.requests[0]?.body ?? '')).toEqual({
      name: 'Dice',
      files: FILES,
      thumbnail: 'data:image/png;base64,AA==',
    });
    expect(shares.sharesOf('p1')).toEqual([share]);
    expect(shares.sharesOf('p2')).toEqual([]);
  });

  it('reads the history a share carries, oldest first, leaving out damaged versions', async () => {
    const old = { time: 1000, name: 'Dice', files: { 'main.ts': 'basic.showNumber(0)\n' } };
    const { http, shares } = client(() => ({
      status: 200,
      body: {
        versions: [old, { time: 'soon', name: 'Dice', files: {} }, { time: 2000, name: 'Dice', files: { a: 1 } }],
      },
    }));
    expect(await shares.history(ID)).toEqual([old]);
    expect(http.requests[0]?.url).toBe(`/api/${ID}/history`);
  });

  it('refuses an answer that is not a share link, and remembers nothing', async () => {
    const { shares } = client(() => ({ status: 201, body: { id: '../x', url: 'u', unpublishKey: 'k' } }));
    await expect(shares.publish('p1', { name: 'Dice', files: FILES })).rejects.toThrow('not a share link');
    expect(shares.sharesOf('p1')).toEqual([]);
  });

  it('passes the server’s refusal on as a CloudHttpError with its message', async () => {
    const { shares } = client(() => ({ status: 413, body: { statusCode: 413, message: 'Too big to share.' } }));
    const error = await shares.publish('p1', { name: 'Dice', files: FILES }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CloudHttpError);
    expect((error as CloudHttpError).serverMessage).toBe('Too big to share.');
  });

  it('unpublishes with the key and forgets the link; a link already gone counts as done', async () => {
    let status = 200;
    const { http, shares } = client((method) => (method === 'POST' ? published : { status }));
    const share = await shares.publish('p1', { name: 'Dice', files: FILES });
    await shares.unpublish('p1', share);
    expect(http.requests[1]?.method).toBe('DELETE');
    expect(http.requests[1]?.url).toBe(`/api/${ID}`);
    expect(http.requests[1]?.headers?.['x-unpublish-key']).toBe('key-1');
    expect(shares.sharesOf('p1')).toEqual([]);

    const again = await shares.publish('p1', { name: 'Dice', files: FILES });
    status = 410;
    await shares.unpublish('p1', again);
    expect(shares.sharesOf('p1')).toEqual([]);
  });

  it('keeps the link when unpublishing fails for another reason', async () => {
    const { shares } = client((method) => (method === 'POST' ? published : { status: 403, body: { message: 'no' } }));
    const share = await shares.publish('p1', { name: 'Dice', files: FILES });
    await expect(shares.unpublish('p1', share)).rejects.toBeInstanceOf(CloudHttpError);
    expect(shares.sharesOf('p1')).toEqual([share]);
  });

  it('reads damaged storage as no shares', () => {
    const { store, shares } = client(() => published);
    store.set(`${SHARE_STORAGE_PREFIX}p1`, '{not json');
    expect(shares.sharesOf('p1')).toEqual([]);
    store.set(
      `${SHARE_STORAGE_PREFIX}p1`,
      JSON.stringify([{ id: 'x' }, { id: ID, url: 'u', unpublishKey: 'k', time: 1 }]),
    );
    expect(shares.sharesOf('p1')).toEqual([{ id: ID, url: 'u', unpublishKey: 'k', time: 1 }]);
  });

  it('opens a share: its meta and files; damaged files are refused', async () => {
    const meta = {
      kind: 'script',
      id: ID,
      name: 'Dice',
      description: '',
      time: 1,
      target: 'microbit',
      editor: 'tsprj',
    };
    let text: unknown = FILES;
    const { shares } = client((_, url) =>
      url.endsWith('/text') ? { status: 200, body: text } : { status: 200, body: meta },
    );
    expect(await shares.open(ID)).toEqual({ meta, files: FILES });
    text = { 'main.ts': 5 };
    await expect(shares.open(ID)).rejects.toThrow('damaged');
  });
});

describe('shareEmbedCode', () => {
  it('frames the link and escapes the name', () => {
    const code = shareEmbedCode(`http://blockyard.test/${ID}`, 'Tom & "Jerry" <3');
    expect(code).toContain(`src="http://blockyard.test/${ID}?sandbox=1"`);
    expect(code).toContain('title="Tom &amp; &quot;Jerry&quot; &lt;3"');
    expect(code.startsWith('<iframe ')).toBe(true);
  });

  it('shows only the simulator with controller=1, keeping other query parts', () => {
    const code = shareEmbedCode(`http://blockyard.test/${ID}?lang=de`, 'Dice', 'simulator');
    expect(code).toContain(`src="http://blockyard.test/${ID}?lang=de&amp;controller=1"`);
    expect(code).toContain('height="450"');
  });

  it('shows the versions a share went through with timeMachine=1', () => {
    const code = shareEmbedCode(`http://blockyard.test/${ID}`, 'Dice', 'timeMachine');
    expect(code).toContain(`src="http://blockyard.test/${ID}?timeMachine=1"`);
  });
});
