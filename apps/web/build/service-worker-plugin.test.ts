import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { offlineManifest, offlinePageTexts } from './service-worker-plugin.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function builtFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'blockyard-sw-'));
  folders.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('the offline manifest of a build', () => {
  const build = {
    'index.html': '<!doctype html>',
    'index.html.br': 'x',
    'assets/main-abc.js': 'console.log(1)',
    'sim/index.html': '<!doctype html>',
    'firmware/a.hex': ':00000001FF',
    'sw.js': 'old worker',
  };

  it('lists the kept files with their total size', () => {
    const manifest = offlineManifest(builtFolder(build));
    expect(manifest.paths).toEqual(['/assets/main-abc.js', '/index.html', '/sim/index.html']);
    expect(manifest.bytes).toBe(15 + 14 + 15);
    expect(manifest.version).toMatch(/^[0-9a-f]{16}$/);
  });

  it('gets a new version when a kept file changes, and keeps it when nothing kept does', () => {
    const first = offlineManifest(builtFolder(build)).version;
    expect(offlineManifest(builtFolder(build)).version).toBe(first);
    expect(offlineManifest(builtFolder({ ...build, 'firmware/a.hex': 'other' })).version).toBe(first);
    expect(offlineManifest(builtFolder({ ...build, 'index.html': '<!doctype html><p>new' })).version).not.toBe(first);
  });
});

describe('the offline page words', () => {
  it('has English, and English words where a language has none yet', () => {
    const texts = offlinePageTexts();
    expect(texts.en?.title).toBe('You are offline');
    expect(texts.de?.tryAgain).toBeTruthy();
    for (const words of Object.values(texts))
      expect(Object.keys(words).sort()).toEqual(['home', 'safe', 'text', 'title', 'tryAgain']);
  });
});
