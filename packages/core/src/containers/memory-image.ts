/**
 * Flash contents read from a container: sections (one per board in a micro:bit Universal Hex, one
 * otherwise), each a sorted list of non-overlapping byte runs.
 */

export interface MemorySegment {
  address: number;
  data: Uint8Array;
}

export interface MemorySection {
  /** The Universal Hex board id (0x9900 micro:bit V1, 0x9903 V2, …); null outside a block. */
  boardId: number | null;
  segments: readonly MemorySegment[];
}

interface Run {
  address: number;
  bytes: Uint8Array;
  length: number;
  order: number;
}

/** Collects writes in file order; consecutive writes to adjacent addresses grow one run cheaply. */
export class MemoryBuilder {
  private readonly runs: Run[] = [];
  private current: Run | null = null;

  write(address: number, source: Uint8Array, offset: number, length: number): void {
    let run = this.current;
    if (!run || run.address + run.length !== address) {
      run = { address, bytes: new Uint8Array(Math.max(256, length)), length: 0, order: this.runs.length };
      this.runs.push(run);
      this.current = run;
    }
    if (run.length + length > run.bytes.length) {
      const grown = new Uint8Array(Math.max(run.bytes.length * 2, run.length + length));
      grown.set(run.bytes.subarray(0, run.length));
      run.bytes = grown;
    }
    run.bytes.set(source.subarray(offset, offset + length), run.length);
    run.length += length;
  }

  get isEmpty(): boolean {
    return this.runs.length === 0;
  }

  /** Sorted, merged segments; where writes overlap, the later one in the file wins. */
  build(): MemorySegment[] {
    const runs = [...this.runs].sort((a, b) => a.address - b.address || a.order - b.order);
    const segments: MemorySegment[] = [];
    let i = 0;
    while (i < runs.length) {
      const start = runs[i]!.address;
      let end = start + runs[i]!.length;
      let j = i + 1;
      while (j < runs.length && runs[j]!.address <= end) {
        end = Math.max(end, runs[j]!.address + runs[j]!.length);
        j++;
      }
      const data = new Uint8Array(end - start);
      const group = runs.slice(i, j).sort((a, b) => a.order - b.order);
      for (const run of group) data.set(run.bytes.subarray(0, run.length), run.address - start);
      segments.push({ address: start, data });
      i = j;
    }
    return segments;
  }
}
