// `blockyard debug` speaks the Debug Adapter Protocol on the streams the CLI is given.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from '../main.ts';

function frame(message: object): string {
  const body = JSON.stringify(message);
  return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

describe('blockyard debug', () => {
  it('answers initialize on its output stream and ends when the client disconnects', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let received = '';
    output.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    const errors: string[] = [];
    const exit = main(['debug'], {
      cwd: process.cwd(),
      stdout: (text) => errors.push(`stdout: ${text}`),
      stderr: (text) => errors.push(text),
      streams: { input, output },
    });
    input.write(
      frame({
        seq: 1,
        type: 'request',
        command: 'initialize',
        arguments: { adapterID: 'blockyard', pathFormat: 'path' },
      }),
    );
    input.write(frame({ seq: 2, type: 'request', command: 'disconnect', arguments: {} }));
    expect(await exit).toBe(0);
    expect(received).toContain('"command":"initialize"');
    expect(received).toContain('"supportsConfigurationDoneRequest":true');
    expect(received).toContain('"command":"disconnect"');
    expect(errors).toEqual([]);
  });

  it('says what it needs when it has no streams', async () => {
    const errors: string[] = [];
    const code = await main(['debug'], { cwd: process.cwd(), stdout: () => undefined, stderr: (t) => errors.push(t) });
    expect(code).toBe(1);
    expect(errors.join('')).toContain('debug needs standard input and output');
  });
});
