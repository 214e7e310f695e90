import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';

// axe-core's own bundle, read from node_modules: nothing is downloaded while the journeys run.
// (A `require.resolve` call, as knip recognises it, so the dev dependency counts as used.)
const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The rules Blockyard promises to meet: WCAG 2.0 and 2.1, levels A and AA. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe's best-practice rules: not WCAG requirements, but the landmark and heading outline a
 * screen-reader user moves by (content inside landmarks, unique landmark names, one level-one
 * heading). Checked on the screens that meet them.
 */
const bestPracticeTags = ['best-practice'];

/** One rule an axe check leaves out, only where it cannot be met by our code. */
export interface AxeExclusion {
  /** axe's rule id. */
  readonly rule: string;
  /** CSS selector of the elements the rule is not checked on. */
  readonly selector: string;
  /** Why: which third-party code draws these elements and what it cannot be made to do. */
  readonly why: string;
}

export interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  /** axe's tags of the rule: `best-practice` for the rules beyond WCAG. */
  readonly tags: string[];
  readonly targets: string[];
  readonly summaries: string[];
}

interface AxeResults {
  passes: unknown[];
  violations: {
    id: string;
    impact: string | null;
    help: string;
    tags: string[];
    nodes: { target: unknown[]; failureSummary?: string }[];
  }[];
}

/**
 * Runs axe (WCAG 2.1 A and AA, and the best-practice rules when asked) on a page or frame and
 * returns its violations. Frames are left to
 * their own check: the simulator frame is sandboxed and gets axe injected separately.
 */
export async function runAxe(
  target: Page | Frame,
  exclusions: readonly AxeExclusion[] = [],
  { bestPractice = false }: { readonly bestPractice?: boolean } = {},
): Promise<AxeViolation[]> {
  const hasAxe = await target.evaluate(() => 'axe' in window);
  if (!hasAxe) await target.addScriptTag({ content: axeSource });
  const results = await target.evaluate(
    async ({ tags, excluded }) => {
      // Colours caught half way through a transition (a theme just switched) are not the page's.
      const transitions = document.getAnimations().filter((a) => a instanceof CSSTransition);
      await Promise.all(transitions.map((a) => a.finished.catch(() => undefined)));
      const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe;
      const raw = await axe.run(document, { runOnly: { type: 'tag', values: tags }, iframes: false });
      // Rules that found nothing to check would pass silently: make sure some actually ran.
      if (raw.passes.length === 0) throw new Error('axe checked nothing on this page');
      // An exclusion drops only its rule's findings on elements matching its selector.
      for (const violation of raw.violations)
        violation.nodes = violation.nodes.filter((node) => {
          const selector = node.target.at(-1);
          if (typeof selector !== 'string') return true;
          const element = document.querySelector(selector);
          return !excluded.some((e) => e.rule === violation.id && element?.closest(e.selector));
        });
      return raw.violations
        .filter((violation) => violation.nodes.length > 0)
        .map((violation) => ({
          id: violation.id,
          impact: violation.impact,
          help: violation.help,
          tags: violation.tags,
          targets: violation.nodes.map((node) => node.target.map(String).join(' >>> ')),
          summaries: violation.nodes.map((node) => node.failureSummary ?? ''),
        }));
    },
    {
      tags: bestPractice ? [...wcagTags, ...bestPracticeTags] : wcagTags,
      excluded: exclusions.map(({ rule, selector }) => ({ rule, selector })),
    },
  );
  return results;
}

/**
 * The violations a journey fails on: serious and critical ones, and any of a best-practice rule
 * (moderate, but checked only where the screen meets them, so a new one is a regression).
 */
export function blocking(violations: readonly AxeViolation[]): AxeViolation[] {
  return violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical' || v.tags.includes('best-practice'),
  );
}

/** A readable list of violations for the journey's output. */
export function describeViolations(screen: string, violations: readonly AxeViolation[]): string {
  if (violations.length === 0) return `${screen}: no violations`;
  const lines = violations.flatMap((v) => [
    `${screen}: [${v.impact ?? 'unknown'}] ${v.id}: ${v.help}`,
    ...v.targets.slice(0, 8).map((t, i) => `    ${t}\n      ${(v.summaries[i] ?? '').replace(/\n/g, '\n      ')}`),
    ...(v.targets.length > 8 ? [`    … and ${v.targets.length - 8} more`] : []),
  ]);
  return lines.join('\n');
}
