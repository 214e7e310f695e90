// Where one edit's time goes, from the performance entries the editor page and the simulator
// frame leave (blockyard:* measures and marks), all on the page's clock:
//   typed -> save (the block change reaching the editor) -> save done -> edit request sent ->
//   the worker takes it up -> the worker answers (its steps) -> the simulator frame has the run
//   -> its new program worker is ready -> running in the frame -> the page's pane says running.
// Only the run that ended the edit counts: the last edit request answered before the pane said
// running again, and the last save before that request.

/** A performance entry: name, start and duration (ms, page clock). */
export type Entry = readonly [name: string, start: number, duration: number];

export interface EditTimes {
  /** When the new number was typed (the bench's clock start). */
  typed: number;
  /** When the simulator pane said running again. */
  running: number;
  /** The page's blockyard:* measures. */
  measures: readonly Entry[];
  /** The frame's latest blockyard:frame:* marks, moved onto the page's clock (start only). */
  frameMarks: Readonly<Record<string, number>>;
}

/** Stage -> ms. Missing entries leave their stages out, never guess them. */
export function editStages(times: EditTimes): Record<string, number> {
  const { typed, running, measures, frameMarks } = times;
  const within = measures.filter(([, start, duration]) => start >= typed && start + duration <= running + 1);
  const edits = within.filter(([name]) => name === 'blockyard:session:edit');
  const edit = edits.at(-1);
  const stages: Record<string, number> = { compiles: edits.length };
  if (!edit) return stages;
  const editStart = edit[1];
  const editEnd = edit[1] + edit[2];
  const save = within.filter(([name, start]) => name === 'blockyard:blocks:save' && start <= editStart).at(-1);
  if (save) {
    stages['changeToSave'] = save[1] - typed;
    stages['save'] = save[2];
    stages['saveToRequest'] = editStart - (save[1] + save[2]);
  }
  stages['request'] = edit[2];
  // The worker's steps of that request: its measures end when its answer arrived (just before
  // the session's measure ends), so they are the ones ending within the request.
  const steps = within.filter(
    ([name, start, duration]) =>
      name.startsWith('blockyard:worker:') && start + duration >= editStart && start + duration <= editEnd,
  );
  for (const [name, , duration] of steps) {
    const step = `worker.${name.slice('blockyard:worker:'.length)}`;
    stages[step] = (stages[step] ?? 0) + duration;
  }
  // The worker's whole request, placed on the page's clock: what lies either side of it is
  // messaging and waiting (the worker busy before, the page's main thread busy after).
  const total = steps.filter(([name]) => name === 'blockyard:worker:total').at(-1);
  const workerEnd = total ? total[1] + total[2] : undefined;
  const reply = steps.filter(([name]) => name === 'blockyard:worker:reply').at(-1);
  if (total) {
    stages['toWorker'] = total[1] - editStart;
    // What the worker did besides its timed steps (answer building, located problems...).
    const timed = steps.filter(([name]) => name !== 'blockyard:worker:total' && name !== 'blockyard:worker:reply');
    stages['worker.untimed'] = total[2] - timed.reduce((sum, [, , duration]) => sum + duration, 0);
  }
  // `worker.reply`: the answer's way to the page (its main thread may be busy); then the page's
  // handling of it up to the end of the request (the run is posted to the frame on the way).
  if (reply) stages['answerHandled'] = editEnd - (reply[1] + reply[2]);
  const received = frameMarks['blockyard:frame:received'];
  const run = frameMarks['blockyard:frame:run'];
  const ready = frameMarks['blockyard:frame:ready'];
  const started = frameMarks['blockyard:frame:running'];
  if (run !== undefined && run >= editStart) {
    const arrived = received !== undefined && received >= editStart && received <= run ? received : undefined;
    if (workerEnd !== undefined) stages['workerToFrame'] = (arrived ?? run) - workerEnd;
    // The frame checking the run message (its program, position table) before acting on it.
    if (arrived !== undefined) stages['frameCheck'] = run - arrived;
    // The compiler worker said which program comes (its port to the frame): the frame started
    // that program's worker then; how long before the run it was loaded (negative: after).
    const prepared = frameMarks['blockyard:frame:prepared'];
    if (prepared !== undefined && prepared >= editStart) stages['framePreparedAhead'] = run - prepared;
    const prepare = frameMarks['blockyard:frame:prepare'];
    if (prepare !== undefined && prepare >= editStart && workerEnd !== undefined)
      stages['workerToPrepare'] = prepare - workerEnd;
    // A new program starts a new program worker; its `ready` falls between run and running.
    const readyAfterRun = ready !== undefined && ready >= run ? ready : undefined;
    if (readyAfterRun !== undefined) stages['frameWorkerStart'] = readyAfterRun - run;
    if (started !== undefined && started >= run) {
      stages['frameStart'] = started - (readyAfterRun ?? run);
      stages['frameToPane'] = running - started;
    }
  }
  stages['requestEndToRunning'] = running - editEnd;
  return stages;
}

/** Every stage's samples over the edits (an edit without a stage adds no sample to it). */
export function stageSamples(edits: readonly Record<string, number>[]): Map<string, number[]> {
  const samples = new Map<string, number[]>();
  for (const stages of edits) {
    for (const [stage, ms] of Object.entries(stages)) samples.set(stage, [...(samples.get(stage) ?? []), ms]);
  }
  return samples;
}
