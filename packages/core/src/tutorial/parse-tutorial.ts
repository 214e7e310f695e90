// MakeCode tutorial markdown -> the tutorial parse result (spec 001 §3, §5). The format: `### @key
// value` metadata lines, a `#` title, steps as `##` sections (or `###` in old files, or `###`
// inside `##` activities with `### @activities true`), step flags in the heading, the hint from
// the first snippet or picture on (or a `~ tutorialhint` section with `@explicitHints`), and
// snippets in fences whose language says what they are. Written from the format's documentation
// and behaviour; the code is ours. Linear in the input: a stranger's file cannot stall it.

import { findFences, fencedLines, findHeadings, splitLines, type Fence, type Heading } from './markdown-lines.ts';
import { TutorialFormatError } from './tutorial-format-error.ts';
import type {
  TutorialActivity,
  TutorialBlockConfig,
  TutorialEditor,
  TutorialParseResult,
  TutorialSimTheme,
  TutorialStep,
  TutorialValidationConfig,
} from './tutorial-types.ts';

/** Longer than any real tutorial by far (MakeCode's longest are about 60,000 characters). */
export const MAX_TUTORIAL_CHARS = 1_000_000;

/** Fences a learner never sees in a step (they configure the tutorial). */
const HIDDEN_SNIPPETS = new Set([
  'filterblocks',
  'package',
  'ghost',
  'config',
  'template',
  'jres',
  'assetjson',
  'simtheme',
  'customts',
  'hiddennamespaces',
  'blockconfig.local',
  'blockconfig.global',
  'validation.local',
  'validation.global',
  'python-template',
  'ts-template',
  'typescript-template',
  'js-template',
  'javascript-template',
]);

const BLOCKS_SNIPPETS = new Set(['block', 'blocks', 'filterblocks']);
const JAVASCRIPT_SNIPPETS = new Set(['typescript', 'ts', 'javascript', 'js']);
const TS_TEMPLATES = new Set(['ts-template', 'typescript-template', 'js-template', 'javascript-template']);
/** Fences whose code counts (MakeCode collects these to find the blocks a tutorial uses). */
const CODE_SNIPPETS = new Set([
  'sim',
  'block',
  'blocks',
  'filterblocks',
  'spy',
  'ghost',
  'typescript',
  'ts',
  'js',
  'javascript',
  'template',
  'python',
  'jres',
  'assetjson',
  'customts',
  'simtheme',
  'python-template',
  'ts-template',
  'typescript-template',
  'js-template',
  'javascript-template',
  'hiddennamespaces',
]);

const STEP_FLAG = /@(fullscreen|unplugged|showdialog|showhint|tutorialcompleted|resetdiff)\b/gi;
const METADATA_LINE = /^ {0,3}### @(\S+)[ \t]+(\S.*)$/;
/** Asset files an `assetjson` snippet may carry (MakeCode's names). */
const ASSET_FILES = ['tilemap.g.jres', 'tilemap.g.ts', 'images.g.jres', 'images.g.ts'];

function checkInput(markdown: unknown): string {
  if (typeof markdown !== 'string' || markdown.trim() === '') throw new TutorialFormatError('empty');
  if (markdown.length > MAX_TUTORIAL_CHARS) throw new TutorialFormatError('too-big');
  if (markdown.includes('\u0000')) throw new TutorialFormatError('binary');
  return markdown;
}

function parseValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** `### @key value` lines (outside fences) -> metadata; the lines are blanked out of the body. */
function readMetadata(lines: string[], fenced: ReadonlySet<number>): Record<string, unknown> {
  const entries: [string, unknown][] = [];
  lines.forEach((line, index) => {
    if (fenced.has(index)) return;
    const match = METADATA_LINE.exec(line);
    if (!match) return;
    entries.push([match[1]!, parseValue(match[2]!.trim())]);
    lines[index] = '';
  });
  // fromEntries makes own properties even of "__proto__", so no key can reach a prototype.
  return Object.fromEntries(entries);
}

interface Section {
  readonly heading: Heading;
  /** First and one past the last line of its content. */
  readonly from: number;
  readonly to: number;
}

/**
 * Sections at `level` between two lines: each ends at the next heading of that level or above.
 * One backwards sweep, so a file of nothing but headings is still read in linear time.
 */
function sections(headings: readonly Heading[], level: number, from: number, to: number): Section[] {
  const found: Section[] = [];
  let end = to;
  for (let i = headings.length - 1; i >= 0; i--) {
    const heading = headings[i]!;
    if (heading.line < from || heading.line >= to) continue;
    if (heading.level === level) found.push({ heading, from: heading.line + 1, to: end });
    if (heading.level <= level) end = heading.line;
  }
  return found.reverse();
}

function trimText(text: string): string {
  return text.replace(/^\s*\n/, '').trim();
}

/** The lines of a range without hidden snippets (and without the blank line a removal leaves). */
function visibleLines(lines: readonly string[], fences: FenceIndex, from: number, to: number): string[] {
  const out: string[] = [];
  for (let i = from; i < to; i++) {
    const fence = fences.get(i);
    if (fence && HIDDEN_SNIPPETS.has(fence.lang)) {
      if (out.length > 0 && out[out.length - 1]!.trim() === '' && (lines[fence.end + 1] ?? '').trim() === '') {
        i = fence.end + 1;
      } else {
        i = fence.end;
      }
      continue;
    }
    out.push(lines[i]!);
  }
  return out;
}

/** Fences by their opening line. */
type FenceIndex = ReadonlyMap<number, Fence>;

function fencesIn(fences: FenceIndex, from: number, to: number): Fence[] {
  const found: Fence[] = [];
  for (let i = from; i < to; i++) {
    const fence = fences.get(i);
    if (fence) {
      found.push(fence);
      i = fence.end;
    }
  }
  return found;
}

function blockConfig(found: readonly Fence[]): TutorialBlockConfig | undefined {
  if (found.length === 0) return undefined;
  return { md: found.map((f) => `${f.body}\n`).join('') };
}

/** `# Validator` headings with `* Key: value` lines under them. */
function parseValidationConfig(text: string): TutorialValidationConfig {
  const validators: { validatorType: string; properties: Record<string, string> }[] = [];
  for (const raw of splitLines(text)) {
    const line = raw.trim();
    if (line.startsWith('#')) {
      const name = line.replace(/^#+/, '').trim();
      if (name) validators.push({ validatorType: name, properties: {} });
      continue;
    }
    const current = validators[validators.length - 1];
    const colon = line.indexOf(':');
    if (!current || !(line.startsWith('*') || line.startsWith('-')) || colon < 0) continue;
    const key = line.slice(1, colon).trim().toLowerCase();
    if (key && key !== '__proto__') current.properties[key] = line.slice(colon + 1).trim();
  }
  return { validatorsMetadata: validators };
}

function validationConfig(found: readonly Fence[]): TutorialValidationConfig | undefined {
  const last = found[found.length - 1];
  if (!last || last.body.trim() === '') return undefined;
  return parseValidationConfig(last.body);
}

/** The step heading: flags out, braces off (`## {Step 1 @showhint}` is titled "Step 1"). */
function stepTitle(text: string): string | undefined {
  let title = text.trim();
  const braced = /^\{(.*)\}$/.exec(title);
  if (braced) title = braced[1]!;
  title = title.replace(STEP_FLAG, '').replace(/\s+/g, ' ').trim();
  return title === '' ? undefined : title;
}

function stepFlags(text: string): Set<string> {
  return new Set([...text.matchAll(STEP_FLAG)].map((m) => m[1]!.toLowerCase()));
}

/**
 * Where a markdown picture `![text](address)` (or a linked one, `[![…](…)](…)`) starts in a
 * line, or -1. A scan, not a regular expression: it stays linear on lines of brackets.
 */
export function imageStart(line: string): number {
  let close: number;
  for (let at = line.indexOf('!['); at >= 0; at = line.indexOf('![', at + 1)) {
    close = line.indexOf(']', at + 2);
    if (close < 0) return -1;
    const end = line[close + 1] === '(' ? line.indexOf(')', close + 2) : -1;
    if (end > close + 2 && !/\s/.test(line.slice(close + 2, end))) return at > 0 && line[at - 1] === '[' ? at - 1 : at;
    // Every "![" before this "]" ends at it too: look on after it.
    at = close;
  }
  return -1;
}

/** Header and hint: the hint starts at the first snippet or picture, if text comes before it. */
function implicitHint(lines: readonly string[]): { header: string; hint?: string } {
  const content = trimText(lines.join('\n'));
  const localFences = findFences(lines);
  const starts = new Set(localFences.map((f) => f.start));
  const inside = fencedLines(localFences);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const at = starts.has(i) ? 0 : inside.has(i) ? -1 : imageStart(line);
    if (at < 0) continue;
    const header = trimText([...lines.slice(0, i), line.slice(0, at)].join('\n'));
    if (header === '') return { header: content };
    const hint = trimText([line.slice(at), ...lines.slice(i + 1)].join('\n'));
    return { header, hint };
  }
  return { header: content };
}

/** With `@explicitHints`: the hint is a `~ tutorialhint` section, up to a heading at its level. */
function explicitHint(lines: readonly string[]): { header: string; hint?: string } {
  const inside = fencedLines(findFences(lines));
  const headings = findHeadings(lines, inside);
  const marker = headings.find((h) => /^~\s*tutorialhint\b/i.test(h.text));
  if (!marker) return { header: trimText(lines.join('\n')) };
  const end = headings.find((h) => h.line > marker.line && h.level <= marker.level);
  const hintLines = lines.slice(marker.line + 1, end ? end.line : lines.length);
  // A closing `#### ~` ends the box and is not shown.
  const rest = end && /^~?$/.test(end.text) ? lines.slice(end.line + 1) : end ? lines.slice(end.line) : [];
  const header = [lines.slice(0, marker.line), rest]
    .map((part) => trimText(part.join('\n')))
    .filter(Boolean)
    .join('\n\n');
  const hint = trimText(hintLines.join('\n'));
  return hint === '' ? { header } : { header, hint };
}

function readStep(
  section: Section,
  lines: readonly string[],
  fences: FenceIndex,
  explicitHints: boolean,
  activity: number | undefined,
): TutorialStep {
  const shown = visibleLines(lines, fences, section.from, section.to);
  const contentMd = trimText(shown.join('\n'));
  const { header, hint } = explicitHints ? explicitHint(shown) : implicitHint(shown);
  const flags = stepFlags(section.heading.text);
  const title = stepTitle(section.heading.text);
  const own = fencesIn(fences, section.from, section.to);
  const localBlockConfig = blockConfig(own.filter((f) => f.lang === 'blockconfig.local'));
  const localValidationConfig = validationConfig(own.filter((f) => f.lang === 'validation.local'));
  return {
    ...(title !== undefined ? { title } : {}),
    contentMd,
    headerContentMd: header,
    ...(hint !== undefined ? { hintContentMd: hint } : {}),
    ...(['fullscreen', 'unplugged', 'showdialog', 'showhint'].some((f) => flags.has(f)) ? { showHint: true } : {}),
    ...(flags.has('unplugged') || flags.has('showdialog') ? { showDialog: true } : {}),
    ...(flags.has('tutorialcompleted') ? { tutorialCompleted: true } : {}),
    ...(flags.has('resetdiff') ? { resetDiff: true } : {}),
    ...(activity !== undefined ? { activity } : {}),
    ...(localBlockConfig ? { localBlockConfig } : {}),
    ...(localValidationConfig ? { localValidationConfig } : {}),
  };
}

interface BodyMetadata {
  code: string[];
  editor: TutorialEditor;
  templateCode?: string;
  templateLanguage?: 'python' | 'typescript';
  language?: 'python';
  jres?: string;
  assetJson?: string;
  customTs?: string;
  simThemeJson?: string;
  hiddenNamespaces?: string[];
}

/**
 * The snippets that count, and the editor they imply. `code` holds program snippets only
 * (resources, custom code and settings are kept in their own fields). A tutorial mixing blocks, Python and
 * JavaScript snippets is ambiguous: the first kind decides, snippets of another kind are ignored
 * (spec 001 §5).
 */
function readSnippets(fences: readonly Fence[]): BodyMetadata {
  let editor: TutorialEditor | undefined;
  const meta: Omit<BodyMetadata, 'editor'> = { code: [] };
  const accept = (expected: TutorialEditor): boolean => {
    if (editor !== undefined && editor !== expected) return false;
    editor = expected;
    return true;
  };
  for (const fence of fences) {
    const lang = fence.lang;
    if (!CODE_SNIPPETS.has(lang)) continue;
    const body = fence.body;
    if (BLOCKS_SNIPPETS.has(lang)) {
      if (!accept('blocksprj')) continue;
    } else if (lang === 'spy' || lang === 'python') {
      if (!accept('pyprj')) continue;
      if (lang === 'python') meta.language = 'python';
    } else if (JAVASCRIPT_SNIPPETS.has(lang)) {
      if (!accept('tsprj')) continue;
    } else if (lang === 'template') {
      meta.templateCode = body;
    } else if (lang === 'python-template') {
      if (!accept('pyprj')) continue;
      meta.templateCode = body;
      meta.templateLanguage = 'python';
      meta.language = 'python';
    } else if (TS_TEMPLATES.has(lang)) {
      if (!accept('tsprj')) continue;
      meta.templateCode = body;
      meta.templateLanguage = 'typescript';
    } else if (lang === 'jres') {
      meta.jres = body;
      continue;
    } else if (lang === 'assetjson') {
      meta.assetJson = body;
      continue;
    } else if (lang === 'simtheme') {
      meta.simThemeJson = body;
      continue;
    } else if (lang === 'customts') {
      meta.customTs = body;
      continue;
    } else if (lang === 'hiddennamespaces') {
      meta.hiddenNamespaces = body.split(/\s+/).filter(Boolean);
      continue;
    }
    const python = lang === 'python' || lang === 'python-template';
    meta.code.push(python ? `\n${body}\n` : `{\n${body}\n}`);
  }
  return { ...meta, editor: editor ?? 'blocksprj' };
}

function parseJsonObject(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function assetFiles(json: string | undefined): Record<string, string> | undefined {
  const parsed = parseJsonObject(json);
  if (!parsed) return undefined;
  const files = ASSET_FILES.filter((name) => typeof parsed[name] === 'string').map(
    (name) => [name, parsed[name] as string] as const,
  );
  return files.length ? Object.fromEntries(files) : undefined;
}

function simTheme(json: string | undefined): TutorialSimTheme | undefined {
  const parsed = parseJsonObject(json);
  if (!parsed || (parsed.theme === undefined && parsed.palette === undefined)) return undefined;
  return {
    ...(parsed.theme !== undefined ? { theme: parsed.theme } : {}),
    ...(parsed.palette !== undefined ? { palette: parsed.palette } : {}),
  };
}

/**
 * Parses MakeCode tutorial markdown. Throws TutorialFormatError ('Invalid tutorial format') for
 * text that cannot be a tutorial (empty, binary, over MAX_TUTORIAL_CHARS, or without a step);
 * anything else gives a result, never an exception.
 */
export function parseTutorial(markdown: string): TutorialParseResult {
  const text = checkInput(markdown);
  const lines = splitLines(text);
  const fences = findFences(lines);
  const fenceIndex: FenceIndex = new Map(fences.map((f) => [f.start, f]));
  const fenced = fencedLines(fences);
  const metadata = readMetadata(lines, fenced);
  const headings = findHeadings(lines, fenced);
  const explicitHints = metadata.explicitHints === true || metadata.explicitHints === 'true';
  const title = headings.find((h) => h.level === 1)?.text;

  const steps: TutorialStep[] = [];
  let activities: TutorialActivity[] | undefined;
  if (metadata.activities === true || metadata.activities === 'true') {
    activities = [];
    for (const activity of sections(headings, 2, 0, lines.length)) {
      const index = activities.length;
      activities.push({ name: activity.heading.text || `Activity ${index}`, step: steps.length });
      for (const section of sections(headings, 3, activity.from, activity.to)) {
        steps.push(readStep(section, lines, fenceIndex, explicitHints, index));
      }
    }
  } else {
    let found = sections(headings, 2, 0, lines.length);
    if (found.length === 0) found = sections(headings, 3, 0, lines.length);
    for (const section of found) steps.push(readStep(section, lines, fenceIndex, explicitHints, undefined));
  }
  if (steps.length === 0) throw new TutorialFormatError('no-steps');

  const body = readSnippets(fences);
  const files = assetFiles(body.assetJson);
  const theme = simTheme(body.simThemeJson);
  const globalBlockConfig = blockConfig(fences.filter((f) => f.lang === 'blockconfig.global'));
  const globalValidationConfig = validationConfig(fences.filter((f) => f.lang === 'validation.global'));
  return {
    ...(title ? { title } : {}),
    steps,
    ...(activities ? { activities } : {}),
    code: body.code,
    ...(body.templateCode !== undefined ? { templateCode: body.templateCode } : {}),
    ...(body.templateLanguage ? { templateLanguage: body.templateLanguage } : {}),
    editor: body.editor,
    ...(body.language ? { language: body.language } : {}),
    ...(body.jres !== undefined ? { jres: body.jres } : {}),
    ...(files ? { assetFiles: files } : {}),
    ...(body.customTs !== undefined ? { customTs: body.customTs } : {}),
    ...(body.hiddenNamespaces ? { hiddenNamespaces: body.hiddenNamespaces } : {}),
    ...(globalBlockConfig ? { globalBlockConfig } : {}),
    ...(globalValidationConfig ? { globalValidationConfig } : {}),
    ...(theme ? { simTheme: theme } : {}),
    metadata,
  };
}
