import { describe, expect, it } from 'vitest';
import { editStages, stageSamples, type Entry } from './edit-stages.ts';

describe('editStages', () => {
  const measures: Entry[] = [
    // An earlier edit, before the one timed: left out.
    ['blockyard:session:edit', 50, 40],
    ['blockyard:blocks:save', 110, 2],
    // A compile started while typing, superseded by the next.
    ['blockyard:session:edit', 113, 30],
    ['blockyard:blocks:save', 150, 3],
    ['blockyard:session:edit', 155, 100],
    ['blockyard:worker:total', 160, 80],
    ['blockyard:worker:edit:check', 210, 30],
    ['blockyard:worker:reply', 240, 5],
  ];

  it('times the run that ended the edit, step by step', () => {
    const stages = editStages({
      typed: 100,
      running: 320,
      measures,
      frameMarks: {
        'blockyard:frame:received': 247,
        'blockyard:frame:run': 250,
        'blockyard:frame:ready': 290,
        'blockyard:frame:running': 300,
      },
    });
    expect(stages).toEqual({
      compiles: 2,
      changeToSave: 50,
      save: 3,
      saveToRequest: 2,
      request: 100,
      toWorker: 5,
      'worker.total': 80,
      'worker.edit:check': 30,
      'worker.reply': 5,
      'worker.untimed': 50,
      answerHandled: 10,
      workerToFrame: 7,
      frameCheck: 3,
      frameWorkerStart: 40,
      frameStart: 10,
      frameToPane: 20,
      requestEndToRunning: 65,
    });
  });

  it('times a program the compiler worker announced to the frame: sent, loaded ahead of the run', () => {
    const stages = editStages({
      typed: 100,
      running: 320,
      measures,
      frameMarks: {
        'blockyard:frame:prepare': 242,
        'blockyard:frame:prepared': 270,
        'blockyard:frame:received': 287,
        'blockyard:frame:run': 290,
        'blockyard:frame:running': 300,
      },
    });
    expect(stages).toMatchObject({ workerToPrepare: 2, framePreparedAhead: 20, frameStart: 10 });
    expect(stages['frameWorkerStart']).toBeUndefined();
  });

  it('leaves out what a build does not mark, and an old run in the frame', () => {
    const stages = editStages({
      typed: 100,
      running: 320,
      measures: measures.filter(([name]) => !name.startsWith('blockyard:worker:')),
      frameMarks: { 'blockyard:frame:run': 20, 'blockyard:frame:running': 30 },
    });
    expect(Object.keys(stages).sort()).toEqual(
      ['compiles', 'changeToSave', 'save', 'saveToRequest', 'request', 'requestEndToRunning'].sort(),
    );
  });

  it('gathers each stage over the edits', () => {
    expect([...stageSamples([{ a: 1, b: 2 }, { a: 3 }])]).toEqual([
      ['a', [1, 3]],
      ['b', [2]],
    ]);
  });
});
