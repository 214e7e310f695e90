// Generated learner programs of a given size for the compiler and runtime benchmarks: a mix of
// what block programs contain (variables, API calls, conditions, loops, functions, handlers).
// Statements come in groups of ten that share a variable `v<group>`.

const templates: ((i: number, v: string) => string)[] = [
  (i, v) => `let ${v} = ${i % 7}`,
  (_, v) => `${v} += 1`,
  (_, v) => `basic.showNumber(${v})`,
  (_, v) => `if (${v} > 2) {\n    serial.writeValue("${v}", ${v})\n}`,
  (i) => `function f${i}(x: number): number {\n    return x * 2 + ${i}\n}`,
  (i) => `let w${i} = f${i - 1}(${i}) + Math.max(1, randint(0, 5))`,
  () => `for (let k = 0; k < 3; k++) {\n    basic.pause(10)\n}`,
  (i) => `input.onButtonPressed(Button.A, function () {\n    basic.showString("A${i}")\n})`,
  () => 'basic.showLeds(`\n    . # . # .\n    # # # # #\n    . # # # .\n    . . # . .\n    . . . . .\n    `)',
  (i) => `let s${i} = "n" + w${i - 4}`,
];

/** A program of `count` statements; `variant` changes one literal (an edit between compiles). */
export function programOfSize(count: number, variant = 0): string {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const group = Math.floor(i / templates.length);
    lines.push(templates[i % templates.length]!(i, `v${group}`));
  }
  lines.push(`basic.showNumber(${variant})`);
  return lines.join('\n') + '\n';
}
