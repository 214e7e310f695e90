// Joins two lowerings of disjoint files (a prelude lowered once, then the learner's files at each
// build) into exactly the module that lowering all the files together would give, so a back end
// can keep a fixed library's IR instead of type-checking and lowering it at every build. The
// files must not refer to each other (the caller checks names); library APIs they share are
// matched by declaration. See LowerJoinInfo for why the ids can be rebuilt: per phase of the
// lowering, the first lowering's entries come before the second's.
//
// Ids are found by property name (below: `var`, `fn`, `class`, `loc`, …), the IR's naming rule
// (ir-nodes.ts), so a new node kind that follows it is joined without a change here.

import type { IrClass, IrFunction, IrModule, IrVariable } from '../ir-module.ts';
import type { IrApi, IrStmt } from '../ir-nodes.ts';
import type { IrType } from '../ir-types.ts';
import type { LowerJoinInfo, LowerMark } from './lower-module.ts';

export interface JoinPart {
  readonly module: IrModule;
  readonly join: LowerJoinInfo;
}

type Table = keyof LowerMark;

/** Old id -> new id for each table of one part. */
interface PartMaps {
  functions: Int32Array;
  variables: Int32Array;
  classes: Int32Array;
  enums: Int32Array;
  apis: Map<IrApi, IrApi>;
  locOffset: number;
  fileOffset: number;
}

/**
 * The module of `first`'s files followed by `second`'s, numbered as one lowering of them all; or
 * undefined when something the join cannot rebuild exactly is there (a location outside the
 * files), and the caller lowers the files together instead.
 */
export function joinLowered(first: JoinPart, second: JoinPart): IrModule | undefined {
  const parts = [first, second] as const;
  if (parts.some((p) => p.module.locations.some(([file]) => file < 0))) return undefined;
  const sizes = parts.map((p) => p.join.marks.length);
  if (sizes[0] !== sizes[1]) return undefined;

  const order = (table: Table, skipSecondMain: boolean): [Int32Array, Int32Array, number] => {
    const maps = parts.map((p) => new Int32Array(p.join.marks.at(-1)![table]));
    let next = 0;
    const from = [0, 0];
    for (let phase = 0; phase < sizes[0]!; phase++) {
      parts.forEach((part, which) => {
        const end = part.join.marks[phase]![table];
        for (let id = from[which]!; id < end; id++) {
          // Main is one function: the second part's top-level code joins the first's.
          if (skipSecondMain && which === 1 && id === 0) maps[1]![0] = 0;
          else maps[which]![id] = next++;
        }
        from[which] = end;
      });
    }
    return [maps[0]!, maps[1]!, next];
  };
  const [fn0, fn1, functionCount] = order('functions', true);
  const [var0, var1, variableCount] = order('variables', false);
  const [class0, class1] = order('classes', false);
  const [enum0, enum1] = order('enums', false);

  // Library APIs: one object per declaration, in first-use order over the phases.
  const apis: IrApi[] = [];
  const apiMaps = [new Map<IrApi, IrApi>(), new Map<IrApi, IrApi>()];
  const byDeclaration = new Map<unknown, IrApi>();
  const apiFrom = [0, 0];
  for (let phase = 0; phase < sizes[0]!; phase++) {
    parts.forEach((part, which) => {
      const end = part.join.marks[phase]!.apis;
      for (let i = apiFrom[which]!; i < end; i++) {
        const api = part.module.apis[i]!;
        const declaration = part.join.apiDeclarations[i];
        let joined = byDeclaration.get(declaration);
        if (!joined) {
          joined = api;
          byDeclaration.set(declaration, api);
          apis.push(api);
        }
        apiMaps[which]!.set(api, joined);
      }
      apiFrom[which] = end;
    });
  }

  const maps: PartMaps[] = [
    {
      functions: fn0,
      variables: var0,
      classes: class0,
      enums: enum0,
      apis: apiMaps[0]!,
      locOffset: 0,
      fileOffset: 0,
    },
    {
      functions: fn1,
      variables: var1,
      classes: class1,
      enums: enum1,
      apis: apiMaps[1]!,
      locOffset: first.module.locations.length,
      fileOffset: first.module.files.length,
    },
  ];
  const firstMain = first.join.main;

  const functions = new Array<IrFunction>(functionCount);
  const variables = new Array<IrVariable>(variableCount);
  // The first part (a prelude, the same module at every build) copied as at the last join when
  // its ids map the same way: the usual case, where an edit keeps the learner's declarations.
  const kept = firstCopies.get(first.module);
  const firstCopy =
    kept && sameMaps(kept.maps, [fn0, var0, class0, enum0])
      ? kept
      : copyFirst(first.module, maps[0]!, [fn0, var0, class0, enum0]);
  firstCopies.set(first.module, firstCopy);
  for (const fn of firstCopy.functions) functions[fn.id] = fn;
  for (const variable of firstCopy.variables) variables[variable.id] = variable;
  parts.forEach((part, which) => {
    if (which === 0) return;
    const m = maps[which]!;
    const mapper = new IdMapper(m, 0);
    const rootOf = (id: number): number => {
      let fn = part.module.functions[id]!;
      while (fn.parent !== undefined) fn = part.module.functions[fn.parent]!;
      return fn.id;
    };
    for (const fn of part.module.functions) {
      if (fn.id === 0) continue;
      const joined = mapper.node(fn) as IrFunction & { id: number; name: string; position: IrFunction['position'] };
      joined.id = m.functions[fn.id]!;
      joined.position = shiftPosition(fn.position, m.fileOffset);
      // Main's closures are numbered on from the first part's (`main$3`, `main$3$1`).
      if (which === 1 && fn.kind === 'closure' && rootOf(fn.id) === 0) {
        joined.name = fn.name.replace(/^main\$(\d+)/, (_, n: string) => `main$${Number(n) + firstMain.closures}`);
      }
      functions[joined.id] = joined;
    }
    for (const variable of part.module.variables) {
      const joined = mapper.node(variable) as IrVariable & { id: number; name: string };
      joined.id = m.variables[variable.id]!;
      if (which === 1 && variable.fn === 0 && variable.storage === 'temp') {
        joined.name = variable.name.replace(/^\$t(\d+)$/, (_, n: string) => `$t${Number(n) + firstMain.temps}`);
      }
      variables[joined.id] = joined;
    }
  });

  // Main: both parts' hoisted `var`s first, then the first part's code, then the second's.
  const mains = parts.map((p) => p.module.functions[0]!);
  const secondMain = new IdMapper(maps[1]!, firstMain.labels);
  const bodies = [firstCopy.body, mains[1]!.body.map((s) => secondMain.node(s) as IrStmt)];
  const hoisted = [first.join.main.hoisted, second.join.main.hoisted];
  // Main has no parameters, captures or class; its position is the first part's first statement.
  const main: IrFunction = {
    ...mains[0]!,
    locals: [
      ...mains[0]!.locals.map((v) => maps[0]!.variables[v]!),
      ...mains[1]!.locals.map((v) => maps[1]!.variables[v]!),
    ].sort((a, b) => a - b),
    body: [
      ...bodies[0]!.slice(0, hoisted[0]),
      ...bodies[1]!.slice(0, hoisted[1]),
      ...bodies[0]!.slice(hoisted[0]),
      ...bodies[1]!.slice(hoisted[1]),
    ],
  };
  functions[0] = main;

  const classes: IrClass[] = [];
  const enums: IrModule['enums'][number][] = [];
  const globals: number[] = [];
  parts.forEach((part, which) => {
    const m = maps[which]!;
    const mapper = new IdMapper(m, 0);
    for (const c of part.module.classes) {
      classes[m.classes[c.id]!] = { ...(mapper.node(c) as IrClass), id: m.classes[c.id]! };
    }
    for (const e of part.module.enums) enums[m.enums[e.id]!] = { ...e, id: m.enums[e.id]! };
    for (const g of part.module.globals) globals.push(m.variables[g]!);
  });
  globals.sort((a, b) => a - b);

  return {
    files: [...first.module.files, ...second.module.files],
    functions,
    classes,
    variables,
    globals,
    enums,
    apis,
    locations: [
      ...first.module.locations,
      ...second.module.locations.map(([file, line, column]) => [file + maps[1]!.fileOffset, line, column] as const),
    ],
  };
}

/** The first part's functions (not main), variables and main's body, as joined. */
interface FirstCopy {
  readonly maps: readonly Int32Array[];
  readonly functions: readonly IrFunction[];
  readonly variables: readonly IrVariable[];
  readonly body: readonly IrStmt[];
}

const firstCopies = new WeakMap<IrModule, FirstCopy>();

function copyFirst(module: IrModule, m: PartMaps, idMaps: readonly Int32Array[]): FirstCopy {
  const mapper = new IdMapper(m, 0);
  const functions: IrFunction[] = [];
  for (const fn of module.functions) {
    if (fn.id === 0) continue;
    const joined = mapper.node(fn) as IrFunction & { id: number };
    joined.id = m.functions[fn.id]!;
    functions.push(joined);
  }
  const variables = module.variables.map((variable) => {
    const joined = mapper.node(variable) as IrVariable & { id: number };
    joined.id = m.variables[variable.id]!;
    return joined;
  });
  const body = module.functions[0]!.body.map((s) => mapper.node(s) as IrStmt);
  return { maps: idMaps, functions, variables, body };
}

function sameMaps(a: readonly Int32Array[], b: readonly Int32Array[]): boolean {
  return a.every((map, i) => {
    const other = b[i]!;
    if (map.length !== other.length) return false;
    for (let j = 0; j < map.length; j++) if (map[j] !== other[j]) return false;
    return true;
  });
}

function shiftPosition(position: IrFunction['position'], offset: number): IrFunction['position'] {
  return offset === 0 || position[0] < 0 ? position : [position[0] + offset, position[1], position[2]];
}

/** Copies IR data with every id renumbered, recognising ids by their property's name. */
class IdMapper {
  private readonly types = new Map<IrType, IrType>();
  private readonly classesStay: boolean;

  constructor(
    private readonly maps: PartMaps,
    /** Added to break/continue targets (main's second part: numbered on from the first's). */
    private readonly labelOffset: number,
  ) {
    this.classesStay = isIdentity(maps.classes);
  }

  node(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((item) => this.node(item));
    if (typeof value !== 'object' || value === null) return value;
    const out: Record<string, unknown> = {};
    const source = value as Record<string, unknown>;
    for (const key in source) out[key] = this.property(key, source[key]);
    return out;
  }

  private property(key: string, item: unknown): unknown {
    const m = this.maps;
    switch (key) {
      case 'var':
      case 'catchVar':
        return m.variables[item as number];
      case 'params':
      case 'locals':
      case 'captures':
      case 'staticFields':
        return (item as number[]).map((v) => m.variables[v]!);
      case 'rest':
        return m.variables[item as number];
      case 'fn':
      case 'known':
      case 'get':
      case 'set':
      case 'parent':
      case 'ctor':
        return m.functions[item as number];
      case 'class':
      case 'base':
        return typeof item === 'number' ? m.classes[item] : this.node(item);
      case 'enum':
        return m.enums[item as number];
      case 'loc':
        return (item as number) < 0 ? item : (item as number) + m.locOffset;
      case 'label':
        return (item as number) + this.labelOffset;
      case 'api':
        return m.apis.get(item as IrApi) ?? item;
      case 'type':
      case 'result':
        return this.type(item as IrType);
      default:
        return this.node(item);
    }
  }

  /** Types name program classes by id (shared type objects stay shared when no id moves). */
  private type(type: IrType): IrType {
    if (this.classesStay) return type;
    let joined = this.types.get(type);
    if (!joined) {
      switch (type.kind) {
        case 'class':
          joined = { ...type, class: this.maps.classes[type.class]! };
          break;
        case 'array':
          joined = { ...type, element: this.type(type.element) };
          break;
        case 'function':
          joined = { ...type, params: type.params.map((p) => this.type(p)), result: this.type(type.result) };
          break;
        default:
          joined = type;
      }
      this.types.set(type, joined);
    }
    return joined;
  }
}

function isIdentity(map: Int32Array): boolean {
  for (let i = 0; i < map.length; i++) if (map[i] !== i) return false;
  return true;
}
