/**
 * MakeCode's own TypeScript -> blocks decompiler (pxtc.decompile, what its editor runs when a
 * program is opened in Blocks), over many programs in one pxt process, for the grey-block
 * cross-check (packages/language/test/blocks/makecode-grey.test.ts). Cached by content like the
 * builds in makecode-reference.ts.
 */
import { answerWithPxt } from './pxt-jobs.ts';

/** MakeCode's answer for one program: its type errors, or the blocks XML it decompiled to. */
export interface MakeCodeBlocks {
  errors: string[];
  xml?: string;
}

// Each job is a main.ts checked as MakeCode's editor does, then decompiled as its Blocks tab
// would. The blocks info (which block each API has) is read once: it comes from the libraries,
// which do not change (a fresh one per program took a second each).
const DECOMPILE = {
  name: 'blocks',
  setup: `    let blocksInfo;`,
  answer: `      const o = pxtc.Util.clone(opts);
      o.fileSystem['main.ts'] = job;
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
      return { errors: errorsOf(res.diagnostics), xml: res.outfiles['main.blocks'] };`,
  // About 0.1 s a program on a quiet machine; much more when the machine is busy.
  timeout: 1_800_000,
};

/** Decompiles each program (a main.ts) with MakeCode 9.1.1, as its editor would show it in Blocks. */
export function decompileWithMakeCode(programs: readonly string[]): Promise<MakeCodeBlocks[]> {
  return answerWithPxt<MakeCodeBlocks>(DECOMPILE, programs);
}

/** The grey blocks in MakeCode's blocks XML: code it keeps as text (statements and values). */
export function makeCodeGreyBlocks(xml: string): number {
  return (xml.match(/type="typescript_(statement|expression)"/g) ?? []).length;
}
