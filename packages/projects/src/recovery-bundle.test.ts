import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { files, memoryStore } from '../test/helpers.ts';
import { readRecoveryBundle, recoveryFileName, serializeRecoveryBundle } from './recovery-bundle.ts';

describe('recovery bundles', () => {
  it('round-trip every readable project and draft', async () => {
    const { store } = memoryStore();
    const a = await store.create({ name: 'A', files: files('a') });
    await store.stashDraft({ projectId: a.id, baseRevision: 1, name: 'A', files: files('a2'), stashedAt: 3 });
    store.putRaw('projects', 'bad', 'not a project');
    const bundle = await store.exportAll();
    const read = readRecoveryBundle(JSON.parse(serializeRecoveryBundle(bundle)));
    expect(read.projects).toEqual(bundle.projects);
    expect(read.drafts).toEqual(bundle.drafts);
    expect(bundle.damaged).toEqual([
      { area: 'projects', key: 'bad', problem: 'the record is not an object', raw: '"not a project"' },
    ]);
  });

  it('names the download after the day it was made', () => {
    expect(recoveryFileName(Date.UTC(2026, 4, 1, 23, 0))).toBe('blockyard-recovery-2026-05-01.json');
  });

  it('reads whatever it can from a damaged file and never throws', () => {
    fc.assert(
      fc.property(fc.array(fc.anything()), fc.array(fc.anything()), (projects, drafts) => {
        const read = readRecoveryBundle({ format: 'blockyard-recovery', projects, drafts });
        expect(read.projects.length + read.drafts.length + read.skipped).toBe(projects.length + drafts.length);
      }),
    );
  });
});
