/**
 * Many programs through MakeCode's language service in one pxt process: the frame that the
 * blocks cross-check (makecode-blocks.ts) and the Python cross-check (makecode-python.ts) share.
 * Answers are cached next to the host build, keyed by the script and the jobs.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildWithMakeCode, runWithPxt } from './makecode-reference.ts';

/** What to do with the jobs, as JavaScript run inside pxt's process. */
export interface PxtJobScript {
  /** Names the cache files and the script (e.g. 'blocks'). */
  name: string;
  /**
   * Statements run once before the jobs. In scope: `pxtc`, `pxt`, `opts` (the complete options of
   * pxt's first compile: the project's packages and the target), `op(name, arg)` (a language
   * service operation) and `errorsOf(diagnostics)` (their text).
   */
  setup: string;
  /** The body of `(job) => { ... }`: returns the job's answer, which must be JSON. */
  answer: string;
  /** How long the whole run may take, in ms. */
  timeout: number;
}

// pxt's `build` compiles once with options that name every package of the project; the hook
// catches that first compile, answers all jobs through the language service (which parses the
// libraries once; a fresh compile per job took ten times as long), then lets the build go on.
function hookText(script: PxtJobScript): string {
  return `const fs = require('fs');
const [pxtJs, target, jobsFile, answersFile] = process.argv.slice(2);
const cli = require(pxtJs);
const pxtc = global.ts.pxtc;
const compile = pxtc.compile;
const jobs = JSON.parse(fs.readFileSync(jobsFile, 'utf8'));
let done = false;
pxtc.compile = function (opts, service) {
  if (!done) {
    done = true;
    const op = (name, arg) => pxtc.service.performOperation(name, arg);
    const errorsOf = (diagnostics) => (diagnostics || []).map((d) => pxtc.getDiagnosticString(d).trim());
${script.setup}
    const out = jobs.map((job) => {
${script.answer}
    });
    fs.writeFileSync(answersFile, JSON.stringify(out));
  }
  return compile.call(this, opts, service);
};
cli.mainCli(target, ['build']);
`;
}

/** Answers each job with MakeCode 9.1.1 (cached by content: a second call costs a file read). */
export async function answerWithPxt<Answer>(script: PxtJobScript, jobs: readonly unknown[]): Promise<Answer[]> {
  const host = await buildWithMakeCode('python-host', { 'main.ts': 'basic.showNumber(0)\n' });
  const hook = hookText(script);
  const key = createHash('sha256')
    .update(JSON.stringify([hook, jobs]))
    .digest('hex')
    .slice(0, 16);
  const answers = join(host.dir, `${script.name}-${key}.json`);
  if (!existsSync(answers)) {
    const jobsFile = join(host.dir, `${script.name}-jobs-${key}.json`);
    writeFileSync(jobsFile, JSON.stringify(jobs));
    const hookFile = join(host.dir, `${script.name}-hook.cjs`);
    writeFileSync(hookFile, hook);
    await runWithPxt(hookFile, [jobsFile, `${answers}.tmp`], host.dir, script.timeout);
    if (!existsSync(`${answers}.tmp`)) throw new Error(`MakeCode did not answer the ${script.name} jobs`);
    renameSync(`${answers}.tmp`, answers);
  }
  return JSON.parse(readFileSync(answers, 'utf8')) as Answer[];
}
