// Problems found in a Python program, located in the Python text (1-based line and column).

export interface PythonDiagnostic {
  readonly line: number;
  readonly column: number;
  readonly length: number;
  readonly message: string;
  /** 9200 syntax, 9201 unsupported construct, 9202 misuse, 9210 not expressible in Python. */
  readonly code: number;
}

export const PYTHON_SYNTAX_CODE = 9200;
export const PYTHON_UNSUPPORTED_CODE = 9201;
export const PYTHON_MISUSE_CODE = 9202;
export const TS_TO_PYTHON_CODE = 9210;

/** Line starts of a text, for offset -> line/column. */
export class LineIndex {
  private readonly starts: number[] = [0];
  constructor(text: string) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.starts.push(i + 1);
  }
  /** 1-based line and column of an offset. */
  position(offset: number): { line: number; column: number } {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - this.starts[low]! + 1 };
  }
  lineStart(line: number): number {
    return this.starts[Math.max(0, Math.min(line - 1, this.starts.length - 1))]!;
  }
}
