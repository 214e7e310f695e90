/**
 * MakeCode's own Python converters over many programs in one pxt process, for the Python
 * cross-check (python-with-makecode.test.ts).
 */
import { answerWithPxt } from './pxt-jobs.ts';

/** A program for MakeCode's Python converters: TypeScript to turn into Python, or Python to check. */
interface MakeCodeConversionJob {
  kind: 'ts2py' | 'py2ts';
  text: string;
}

/** MakeCode's answer: the converted text (absent when it failed) and its error lines. */
export interface MakeCodeConversion {
  text?: string;
  errors: string[];
}

// `ts2py` is what MakeCode's Python tab shows for a TypeScript program
// (pxt.py.decompileToPython); `py2ts` compiles a Python program as a Python project
// (preferredEditor "pyprj") and gives its TypeScript and every error, type errors included.
const CONVERT = {
  name: 'conversions',
  // The Python converter reads the API from the last program the service checked.
  setup: `    const typeErrors = (text) => {
      const o = pxtc.Util.clone(opts);
      o.fileSystem['main.ts'] = text;
      op('setOptions', { options: o });
      return errorsOf(op('fileDiags', { fileName: 'main.ts' }));
    };
    typeErrors('basic.showNumber(0)\\n');
    pxtc.service.getLastApiInfo(opts);`,
  answer: `      if (job.kind === 'ts2py') {
        const errors = typeErrors(job.text);
        if (errors.length) return { errors };
        const py = op('pydecompile', { options: pxtc.service.host.opts, fileName: 'main.ts' });
        return { text: py.outfiles['main.py'], errors: errorsOf(py.diagnostics) };
      }
      const o = pxtc.Util.clone(opts);
      o.fileSystem['main.py'] = job.text;
      o.fileSystem['main.ts'] = ' ';
      if (!o.sourceFiles.includes('main.py')) o.sourceFiles.push('main.py');
      o.target.preferredEditor = 'pyprj';
      const res = op('py2ts', { options: o });
      const text = res.outfiles['main.ts'];
      const errors = errorsOf(res.diagnostics);
      if (text === undefined || errors.length) return { text, errors };
      return { text, errors: typeErrors(text) };`,
  // About 80 ms a program on a quiet machine; much more when the machine is busy.
  timeout: 900_000,
};

/** Converts each job with MakeCode 9.1.1's converters (cached by content). */
export function convertWithMakeCode(jobs: readonly MakeCodeConversionJob[]): Promise<MakeCodeConversion[]> {
  return answerWithPxt<MakeCodeConversion>(CONVERT, jobs);
}
