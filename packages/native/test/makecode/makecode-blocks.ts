/**
 * MakeCode's own TypeScript -> blocks decompiler (pxtc.decompile, what its editor runs when a
 * program is opened in Blocks), over many programs in one pxt process, for the grey-block
 * cross-check (packages/language/test/blocks/makecode-grey.test.ts). Cached by content like the
 * builds in makecode-reference.ts.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildWithMakeCode, runWithPxt } from './makecode-reference.ts';

/** MakeCode's answer for one program: its type errors, or the blocks XML it decompiled to. */
export interface MakeCodeBlocks {
  errors: string[];
  xml?: string;
}

// The first compile of `pxt build` hands over a complete set of options (the project's packages
// and the target); each program then goes through pxt's language service as its editor's do. The
// blocks info (which block each API has) is read once: it comes from the libraries, which do not
// change (a fresh one per program took a second each).
const HOOK = `const fs = require('fs');
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
    let blocksInfo;
    const out = jobs.map((text) => {
      const o = pxtc.Util.clone(opts);
      o.fileSystem['main.ts'] = text;
      op('setOptions', { options: o });
      const errors = errorsOf(op('fileDiags', { fileName: 'main.ts' }));
      if (errors.length) return { errors };
      const program = pxtc.service.service.getProgram();
      const file = program.getSourceFile('main.ts');
      pxtc.annotate(program, 'main.ts', pxtc.target || (pxt.appTarget && pxt.appTarget.compile));
      blocksInfo = blocksInfo || pxtc.getBlocksInfo(pxtc.getApiInfo(program, o.jres), o.bannedCategories);
      const [renameMap] = pxtc.decompiler.buildRenameMap(program, file, { declarations: 'variables', takenNames: {} });
      const res = pxtc.decompiler.decompileToBlocks(blocksInfo, file, {
        snippetMode: false,
        alwaysEmitOnStart: o.alwaysDecompileOnStart,
        includeGreyBlockMessages: false,
        generateSourceMap: false,
        allowedArgumentTypes: ['number', 'boolean', 'string'],
        errorOnGreyBlocks: false,
      }, renameMap);
      return { errors: errorsOf(res.diagnostics), xml: res.outfiles['main.blocks'] };
    });
    fs.writeFileSync(answersFile, JSON.stringify(out));
  }
  return compile.call(this, opts, service);
};
cli.mainCli(target, ['build']);
`;

/** Decompiles each program (a main.ts) with MakeCode 9.1.1, as its editor would show it in Blocks. */
export async function decompileWithMakeCode(programs: readonly string[]): Promise<MakeCodeBlocks[]> {
  const host = await buildWithMakeCode('python-host', { 'main.ts': 'basic.showNumber(0)\n' });
  const key = createHash('sha256')
    .update(JSON.stringify([HOOK, programs]))
    .digest('hex')
    .slice(0, 16);
  const answers = join(host.dir, `blocks-${key}.json`);
  if (!existsSync(answers)) {
    const jobsFile = join(host.dir, `blocks-jobs-${key}.json`);
    writeFileSync(jobsFile, JSON.stringify(programs));
    const hook = join(host.dir, 'decompile-blocks.cjs');
    writeFileSync(hook, HOOK);
    // About 0.1 s a program on a quiet machine; much more when the machine is busy.
    await runWithPxt(hook, [jobsFile, `${answers}.tmp`], host.dir, 1_800_000);
    if (!existsSync(`${answers}.tmp`)) throw new Error('MakeCode did not answer the decompilations');
    renameSync(`${answers}.tmp`, answers);
  }
  return JSON.parse(readFileSync(answers, 'utf8')) as MakeCodeBlocks[];
}

/** The grey blocks in MakeCode's blocks XML: code it keeps as text (statements and values). */
export function makeCodeGreyBlocks(xml: string): number {
  return (xml.match(/type="typescript_(statement|expression)"/g) ?? []).length;
}
