import { runtimeMessages } from '@blockyard/runtime';
import { describe, expect, it } from 'vitest';
import { emitters, irEmits, run } from '../test/programs.ts';

// Issue 21 item 3: every synchronous path a loop can hide in must reach the runaway check. Before,
// a preemption request raised where waiting is impossible was dropped, and these programs spun
// forever. A small runaway limit keeps the tests quick; the path taken is what is under test.
const limits = { runawayWorkUnits: 2_000_000 };

const spinningPrograms: Record<string, { source: string; line: number }> = {
  'a sort comparator': {
    source: `serial.writeLine("start")
let list = [3, 1, 2]
list.sort((a, b) => {
    while (true) { }
    return a - b
})
serial.writeLine("never")`,
    line: 4,
  },
  'a callback called from a constructor': {
    source: `class Box {
    constructor(fill: () => void) { fill() }
}
new Box(() => {
    while (true) { }
})`,
    line: 5,
  },
  'a function with a loop called from a constructor': {
    source: `function spin() {
    while (true) { }
}
class Box {
    constructor() { spin() }
}
new Box()`,
    line: 2,
  },
  'a getter calling a function that loops': {
    source: `function spin() {
    while (true) { }
}
class Box {
    get size() { spin(); return 1 }
}
let size = new Box().size`,
    line: 2,
  },
  'a loop in a setter': {
    source: `class Box {
    set size(value: number) {
        while (true) { }
    }
}
let box = new Box()
box.size = 3`,
    line: 3,
  },
  'a loop in toString, called by a string join': {
    source: `class Box {
    toString() {
        while (true) { }
        return "box"
    }
}
serial.writeLine("a " + new Box())`,
    line: 3,
  },
  'a field initializer': {
    source: `function spin() {
    while (true) { }
    return 1
}
class Box {
    size = spin()
}
new Box()`,
    line: 2,
  },
  'a list helper called in a constructor (map)': {
    source: `class Box {
    constructor() {
        [1, 2].map(value => {
            while (true) { }
            return value
        })
    }
}
new Box()`,
    line: 4,
  },
  'a list helper called in a getter (forEach)': {
    source: `class Box {
    get size() {
        [1].forEach(value => {
            while (true) { }
        })
        return 1
    }
}
let size = new Box().size`,
    line: 4,
  },
  'a function value called in a constructor': {
    source: `let spin = () => {
    while (true) { }
}
class Box {
    constructor() { spin() }
}
new Box()`,
    line: 2,
  },
  'a default parameter value': {
    source: `function spin() {
    while (true) { }
    return 1
}
function grow(size: number = spin()) { return size }
grow()`,
    line: 2,
  },
  'recursion through functions that never wait': {
    source: `function grow(n: number): number {
    return n <= 0 ? 0 : grow(n - 1) + grow(n - 1)
}
grow(60)`,
    // Plain functions check on entry: the error names the function's first line.
    line: 1,
  },
  'a finally block that loops after the program was stopped': {
    source: `try {
    [2, 1].sort((a, b) => {
        while (true) { }
        return 0
    })
} finally {
    while (true) { }
}`,
    line: 3,
  },
};

// Both JavaScript back ends, so neither can regress; each program here is printed from the IR
// by default (checked), not handed to the transformer.
describe.each(emitters)('loops the runtime must stop on every synchronous path (%s emitter)', (emitter) => {
  it.each(Object.entries(spinningPrograms))('stops a loop in %s with the runaway error', (_name, { source, line }) => {
    expect(irEmits(source)).toBe(true);
    const result = run(source, { limits, timeMs: 1000, emitter });
    expect(result.error?.kind).toBe('runaway');
    expect(result.error?.message).toBe(runtimeMessages.runaway);
    expect(result.error?.position?.line).toBe(line);
    expect(result.lines.join('\n')).not.toContain('never');
  });

  it('still runs toString and valueOf with loops that end (they are plain functions now)', () => {
    const result = run(
      `class Stars {
    constructor(public count: number) { }
    toString() {
        let text = ""
        for (let i = 0; i < this.count; i++) text += "*"
        return text
    }
    valueOf() {
        let total = 0
        for (let i = 0; i < this.count; i++) total += 2
        return total
    }
}
let stars = new Stars(3)
serial.writeLine("" + stars)
serial.writeLine(stars.toString())
serial.writeValue("v", stars.valueOf())`,
      { emitter },
    );
    expect(result.error).toBeUndefined();
    expect(result.lines.map((line) => line.split(' ')[1])).toEqual(['***', '***', 'v:6']);
  });
});
