import { describe, expect, it } from 'vitest';
import { main } from './main.ts';

function recorder() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { stdout: (t: string) => out.push(t), stderr: (t: string) => err.push(t), cwd: '/' }, out, err };
}

describe('blockyard CLI', () => {
  it('prints help with --help and exits 0', async () => {
    const { io, out } = recorder();
    expect(await main(['--help'], io)).toBe(0);
    expect(out.join('')).toContain('Usage: blockyard');
  });

  it('prints the version', async () => {
    const { io, out } = recorder();
    expect(await main(['--version'], io)).toBe(0);
    expect(out.join('')).toMatch(/\d+\.\d+\.\d+/);
  });

  it('rejects an unknown command with a hint and exit 1', async () => {
    const { io, err } = recorder();
    expect(await main(['fly'], io)).toBe(1);
    expect(err.join('')).toContain('blockyard --help');
  });
});
