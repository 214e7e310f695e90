import type { PackageNode } from './package-node.ts';
import { packageProblem, type PackageProblem } from './package-problems.ts';

/** Flattens nested yotta config into "a.b.c" keys with their values. */
function flattenYottaSettings(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value))
      flattenYottaSettings(inner, prefix ? `${prefix}.${key}` : key, out);
  } else if (prefix) {
    out.set(prefix, value);
  }
  return out;
}

/**
 * Spec 001 §5: two core extensions conflict, and two packages giving one yotta setting different
 * values conflict.
 */
export function findPackageConflicts(loaded: readonly PackageNode[]): PackageProblem[] {
  const problems: PackageProblem[] = [];
  const cores = loaded.filter((p) => p.config?.core === true).map((p) => p.id);
  if (cores.length > 1) problems.push(packageProblem('core-conflict', cores, {}, cores.join(' and ')));

  const settings = new Map<string, { value: unknown; id: string }>();
  const reported = new Set<string>();
  for (const node of loaded) {
    const config = node.config?.yotta?.config;
    if (!config) continue;
    for (const [key, value] of flattenYottaSettings(config)) {
      const earlier = settings.get(key);
      if (!earlier) {
        settings.set(key, { value, id: node.id });
      } else if (JSON.stringify(earlier.value) !== JSON.stringify(value) && !reported.has(key)) {
        reported.add(key);
        problems.push(
          packageProblem(
            'yotta-conflict',
            [earlier.id, node.id],
            {},
            `${key}: ${JSON.stringify(earlier.value)} in ${earlier.id}, ${JSON.stringify(value)} in ${node.id}`,
          ),
        );
      }
    }
  }
  return problems;
}
