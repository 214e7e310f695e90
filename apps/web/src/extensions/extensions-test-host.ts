// Test doubles for the extensions: a code host over memory (the proxy's answers and failures) and
// an autosave holding one project's files.
import {
  type GhProxyError,
  MemoryPackageFetcher,
  type PackageSource,
  type ProjectFiles,
  type RepoDescriptor,
} from '@blockyard/core';
import type { SessionAutosave } from '../editor/session/session-types.ts';
import type { ExtensionHost } from './project-extensions.ts';

export const LAMP_TS =
  '//% block="Lamp"\nnamespace lamp {\n    //% block="lamp on"\n    export function on(): void {}\n}\n';

function lamp(version: string): ProjectFiles {
  return {
    'pxt.json': JSON.stringify({
      name: 'lamp',
      version,
      description: 'A lamp',
      files: ['lamp.ts', 'README.md'],
      dependencies: { core: '*' },
    }),
    'lamp.ts': LAMP_TS,
    'README.md': '# Lamp\n',
  };
}

/** A host over memory: refs per repository, and a way to make one call fail like the proxy does. */
export function fakeHost(failWith?: GhProxyError): ExtensionHost & { calls: string[] } {
  const memory = new MemoryPackageFetcher()
    .addRepository('github:maker/pxt-lamp#v1.0.0', lamp('1.0.0'))
    .addRepository('github:maker/pxt-lamp#v1.2.0', lamp('1.2.0'))
    .addRepository('github:maker/pxt-broken#v1.0.0', { 'pxt.json': '{ "name": "broken", ' })
    .addRepository('github:maker/pxt-empty#v1.0.0', { 'README.md': 'nothing' });
  const refs: Record<string, Record<string, string>> = {
    'maker/pxt-lamp': { 'refs/tags/v1.0.0': 'a', 'refs/tags/v1.2.0': 'b', 'refs/heads/main': 'c' },
    'maker/pxt-draft': { 'refs/heads/main': 'd' },
  };
  const calls: string[] = [];
  return {
    calls,
    fetch(source: PackageSource) {
      calls.push('fetch');
      if (failWith) return Promise.reject(failWith);
      return memory.fetch(source);
    },
    refs(owner, project) {
      calls.push('refs');
      if (failWith) return Promise.reject(failWith);
      return Promise.resolve(refs[`${owner}/${project}`] ?? null);
    },
    search(query) {
      calls.push('search');
      if (failWith) return Promise.reject(failWith);
      return Promise.resolve(query.includes('lamp') ? [LAMP_DESCRIPTOR] : []);
    },
  };
}

const LAMP_DESCRIPTOR: RepoDescriptor = {
  owner: 'maker',
  slug: 'maker/pxt-lamp',
  fullName: 'maker/pxt-lamp',
  name: 'pxt-lamp',
  description: 'A lamp on a pin',
  defaultBranch: 'main',
  updatedAt: '2026-01-01T00:00:00Z',
  fork: false,
  private: false,
  status: 'Unknown',
};

/** An autosave over one project's files: edits apply at once and are recorded. */
export function memoryAutosave(files: ProjectFiles): SessionAutosave & { edits: number } {
  let content = { name: 'Mine', files: { ...files } };
  let version = 0;
  const listeners = new Set<() => void>();
  const autosave = {
    edits: 0,
    getContent: () => content,
    getState: () => ({ contentVersion: version }),
    edit(change: { files?: Readonly<Record<string, string>>; remove?: readonly string[] }) {
      const next = { ...content.files, ...change.files };
      for (const name of change.remove ?? []) delete next[name];
      content = { ...content, files: next };
      version++;
      autosave.edits++;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return autosave;
}
