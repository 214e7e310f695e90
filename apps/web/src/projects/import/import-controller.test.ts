import { ManualClock } from '@blockyard/core';
import { describe, expect, it } from 'vitest';
import { IMPORT_DIALOG_DELAY_MS, ImportController } from './import-controller.ts';
import type { ProjectFileReader, ReadFileOptions } from './project-file-reader.ts';
import type { FileImport } from './read-project-bytes.ts';

/** A reader the test finishes by hand. */
function manualReader() {
  const calls: { options: ReadFileOptions; finish: (result: FileImport) => void }[] = [];
  const reader: ProjectFileReader = {
    read: (_file, options = {}) =>
      new Promise<FileImport>((resolve) => {
        calls.push({ options, finish: resolve });
        options.signal?.addEventListener('abort', () => resolve({ ok: false, problem: 'cancelled' }));
      }),
  };
  return { reader, calls };
}

const file = { name: 'big.hex', arrayBuffer: () => Promise.resolve(new ArrayBuffer(0)) };

describe('ImportController', () => {
  it('shows progress only for a file that takes a while, then goes back to idle', async () => {
    const clock = new ManualClock(0);
    const { reader, calls } = manualReader();
    const importer = new ImportController(reader, clock);
    const reading = importer.read(file);
    expect(importer.getState()).toEqual({ status: 'reading', fileName: 'big.hex', fraction: null, shown: false });
    clock.advance(IMPORT_DIALOG_DELAY_MS);
    expect(importer.getState()).toMatchObject({ shown: true });
    calls[0]!.options.onProgress?.(0.5);
    expect(importer.getState()).toMatchObject({ fraction: 0.5 });
    calls[0]!.finish({ ok: true, projects: [] });
    await reading;
    expect(importer.getState()).toEqual({ status: 'idle' });
  });

  it('shows the dialog as soon as unpacking reports progress', () => {
    const { reader, calls } = manualReader();
    const importer = new ImportController(reader, new ManualClock(0));
    void importer.read(file);
    calls[0]!.options.onProgress?.(0.01);
    expect(importer.getState()).toMatchObject({ shown: true, fraction: 0.01 });
  });

  it('goes back to idle when done', async () => {
    const { reader, calls } = manualReader();
    const importer = new ImportController(reader, new ManualClock(0));
    const reading = importer.read(file);
    calls[0]!.finish({ ok: true, projects: [] });
    await reading;
    expect(importer.getState()).toEqual({ status: 'idle' });
  });

  it('cancels: the read resolves as cancelled and no dialog appears later', async () => {
    const clock = new ManualClock(0);
    const { reader } = manualReader();
    const importer = new ImportController(reader, clock);
    const reading = importer.read(file);
    importer.cancel();
    expect(await reading).toEqual({ ok: false, problem: 'cancelled' });
    clock.advance(IMPORT_DIALOG_DELAY_MS * 2);
    expect(importer.getState()).toEqual({ status: 'idle' });
  });

  it('keeps a failure on screen until the learner closes it', () => {
    const importer = new ImportController(manualReader().reader, new ManualClock(0));
    importer.fail('evil.json', 'This project holds a file whose name isn’t allowed…', 'The file name "../x" is not…');
    expect(importer.getState()).toEqual({
      status: 'failed',
      fileName: 'evil.json',
      message: 'This project holds a file whose name isn’t allowed…',
      detail: 'The file name "../x" is not…',
    });
    importer.dismiss();
    expect(importer.getState()).toEqual({ status: 'idle' });
  });
});
