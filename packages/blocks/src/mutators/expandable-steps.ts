// Optional parameters after `||` in a block's text show only when the learner expands the block.
// Blockly cannot hide an input without still saving what it holds, so each optional parameter
// is an "expansion step": a small piece of Blockly JSON (its words and its input or field) that is
// added to the block when expanded and removed again when collapsed. The main line keeps the
// words before `||`; the steps get the words after it, so "play %sound until done || at volume
// %volume" stays "play [sound] until done" with "at volume [volume]" appearing on expand.

import type { BlockArg, BlockDefinition, BlockPart, BlocklyJson } from '@blockyard/language';

export interface ExpansionStep {
  /** Blockly JSON for `jsonInit`: `message0` and `args0` only. */
  readonly json: BlocklyJson;
  /** The inputs the step adds (removed again when collapsing). */
  readonly inputNames: readonly string[];
}

export interface ExpandableLayout {
  /** Message and args of the first line without the optional parameters. */
  readonly message: string;
  readonly args: readonly BlockArg[];
  readonly steps: readonly ExpansionStep[];
}

const escape = (text: string) => text.replace(/%/g, '%%');

/**
 * Splits the first line of an expandable definition at `||`. `parts` is the parsed block text;
 * args are matched to its parameters by name. Returns undefined when the definition does not line
 * up with the text (then the block simply shows everything).
 */
export function expandableLayout(
  definition: BlockDefinition,
  parts: readonly BlockPart[],
  expandAt: number,
): ExpandableLayout | undefined {
  const line = definition.lines[0];
  if (!line || !definition.expandable) return undefined;
  const byName = new Map<string, BlockArg>();
  for (const arg of line.args) if ('name' in arg && arg.name) byName.set(arg.name, arg);
  const argFor = (name: string) => byName.get(name) ?? byName.get(`HANDLER_DRAG_PARAM_${name}`);

  const used = new Set<BlockArg>();
  const mainArgs: BlockArg[] = [];
  let message = '';
  const add = (text: string) => (message += (message && !message.endsWith(' ') ? ' ' : '') + text);
  parts.slice(0, expandAt).forEach((part) => {
    if (part.kind === 'label') add(escape(part.text));
    else if (part.kind === 'param') {
      const arg = argFor(part.name);
      if (!arg || used.has(arg)) return;
      used.add(arg);
      mainArgs.push(arg);
      add(`%${mainArgs.length}`);
    }
  });

  const steps: ExpansionStep[] = [];
  let pending = '';
  const tail = parts.slice(expandAt);
  tail.forEach((part, index) => {
    if (part.kind === 'label') {
      pending += (pending ? ' ' : '') + escape(part.text);
      return;
    }
    if (part.kind !== 'param') return;
    const arg = argFor(part.name);
    if (!arg || used.has(arg)) return;
    used.add(arg);
    const args: BlockArg[] = [arg];
    let stepMessage = (pending ? pending + ' ' : '') + '%1';
    pending = '';
    const isLast = !tail
      .slice(index + 1)
      .some((p) => p.kind === 'param' && argFor(p.name) && !used.has(argFor(p.name)!));
    const trailing = isLast
      ? tail
          .slice(index + 1)
          .filter((p): p is Extract<BlockPart, { kind: 'label' }> => p.kind === 'label')
          .map((p) => escape(p.text))
          .join(' ')
      : '';
    const names = arg.type === 'input_value' ? [arg.name] : [];
    if (arg.type !== 'input_value' || trailing) {
      const dummy = `EXPAND_${steps.length}`;
      args.push({ type: 'input_dummy', name: dummy });
      stepMessage += (trailing ? ' ' + trailing : '') + ' %2';
      names.push(dummy);
    }
    steps.push({ json: { message0: stepMessage, args0: args }, inputNames: names });
  });

  // Args the text does not mention (the LED matrix, draggable handler parameters) stay on the
  // main line, after everything else.
  for (const arg of line.args) {
    if (used.has(arg)) continue;
    mainArgs.push(arg);
    add(`%${mainArgs.length}`);
  }
  if (steps.length === 0) return undefined;
  return { message: message.trim(), args: mainArgs, steps };
}
