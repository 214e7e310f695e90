// Reads a CPU profile (CDP Profiler.stop's `profile`) into where the time went: self time per
// function and inclusive time of chosen functions (a function's own samples and those of
// everything it called, counted once per sample even when it recurses).

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  totalMs: number;
  /** Self time per `name (file:line)`, largest first. */
  self: { name: string; ms: number; share: number }[];
  /** Inclusive time of every function whose name is in `watch`. */
  inclusive: Record<string, { ms: number; share: number }>;
}

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url.slice(url.lastIndexOf('/') + 1);
  return `${functionName || '(anonymous)'}${file ? ` (${file}:${lineNumber + 1})` : ''}`;
}

export function summarizeProfile(profile: CpuProfile, watch: readonly string[], top = 40): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>(watch.map((w) => [w, 0]));
  let total = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)') return;
    total += ms;
    const name = frameName(node);
    self.set(name, (self.get(name) ?? 0) + ms);
    const counted = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const fn = byId.get(n)!.callFrame.functionName;
      if (inclusive.has(fn) && !counted.has(fn)) {
        counted.add(fn);
        inclusive.set(fn, inclusive.get(fn)! + ms);
      }
    }
  });
  return {
    totalMs: total,
    self: [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => ({ name, ms, share: ms / total })),
    inclusive: Object.fromEntries([...inclusive].map(([fn, ms]) => [fn, { ms, share: ms / total }])),
  };
}
