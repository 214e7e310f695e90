// The big programs of the block editor journeys: a grid of stacks of "show number" blocks as Blocks
// XML. Block `b<stack>_<n>` shows number stack × blocksPerStack + n from its shadow `nb<stack>_<n>`;
// a stack's first block may show a variable instead (its block `use<stack>`).

export interface ShowNumberGrid {
  stacks: number;
  /** Blocks in each stack (1 unless given). */
  blocksPerStack?: number;
  /** Stacks in a row, and how far apart stacks start across and down (workspace units). */
  columns: number;
  dx: number;
  dy: number;
  /** The variable a stack's first block shows, if any. */
  variable?: (stack: number) => { id: string; name: string } | undefined;
}

export function showNumberGrid({ stacks, blocksPerStack = 1, columns, dx, dy, variable }: ShowNumberGrid): string {
  const variables = new Map<string, string>();
  const stack = (s: number) => {
    let inner = '';
    for (let b = blocksPerStack - 1; b >= 0; b--) {
      const id = `b${s}_${b}`;
      const next = inner ? `<next>${inner}</next>` : '';
      const place = b === 0 ? ` x="${(s % columns) * dx}" y="${Math.floor(s / columns) * dy}"` : '';
      const shown = b === 0 ? variable?.(s) : undefined;
      if (shown) variables.set(shown.id, shown.name);
      const use = shown
        ? `<block type="variables_get" id="use${s}"><field name="VAR" id="${shown.id}">${shown.name}</field></block>`
        : '';
      inner =
        `<block type="device_show_number" id="${id}"${place}><value name="number"><shadow type="math_number" ` +
        `id="n${id}"><field name="NUM">${s * blocksPerStack + b}</field></shadow>${use}</value>${next}</block>`;
    }
    return inner;
  };
  const body = Array.from({ length: stacks }, (_, s) => stack(s)).join('');
  const declared = [...variables].map(([id, name]) => `<variable id="${id}">${name}</variable>`).join('');
  return (
    '<xml xmlns="https://developers.google.com/blockly/xml">' +
    (declared ? `<variables>${declared}</variables>` : '') +
    `${body}</xml>`
  );
}
