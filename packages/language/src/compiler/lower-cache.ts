// The lower cache: the IR of each top-level statement, kept between lowerings of the same
// compiler, so a device build after an edit lowers only what the edit changed (issue 11; the
// simulator's emit cache, emit-cache.ts, does the same for JavaScript text). What is kept and
// when it is put back is lower-reuse.ts; this file says which statements match.
//
// A statement's key is the emit cache's: its file, start column and text, and the signature of
// every top-level declaration it names (type, and whether a function can wait). Ids in kept IR
// are absolute, so kept units are only used while the program declares the same names in the
// same statements (which fixes the ids of globals, program functions and enums); anything else
// clears the cache. Programs the key cannot describe are lowered in full every time, as the
// emit cache's: classes, namespaces, method calls that may wait by name, declaration files.

import type ts from 'typescript';
import type { IrType } from '../ir/ir-types.ts';
import type { KeptUnit, UnitReuse } from '../ir/lower/lower-reuse.ts';
import type { DeclarationTypesRun } from './declaration-types.ts';
import { declarationSignatures, mentionedNames } from './emit-cache.ts';
import type { WaitAnalysis } from './wait-analysis.ts';
import { keepable } from './keepable-statement.ts';

interface LowerCacheSetup {
  readonly tsApi: typeof ts;
  readonly checker: ts.TypeChecker;
  readonly analysis: WaitAnalysis;
  /** Learner files in run order. */
  readonly files: readonly ts.SourceFile[];
  /** Declaration types kept between compiles (declaration-types.ts). */
  readonly types?: DeclarationTypesRun | undefined;
}

export interface LowerCachePlan extends UnitReuse {
  /** After the lowering: keeps this lowering's units (and only those) for the next one. */
  done(): LowerCacheStats;
}

export interface LowerCacheStats {
  /** Top-level statements whose IR was put back from the last lowering. */
  readonly reused: number;
  /** Top-level statements lowered (and kept, when they can be) in this one. */
  readonly kept: number;
  /** Globals whose IR type was kept from the last lowering (the checker was not asked). */
  readonly types: number;
}

export class LowerCache {
  private units = new Map<string, KeptUnit[]>();
  /** The declared names and kinds, per file in order, the kept units were lowered with. */
  private shape = '';
  /** Top-level names a statement's text mentions, by its text. */
  private names = new Map<string, readonly string[]>();
  /** IR types of the globals a statement declares, by its key and the name. */
  private types = new Map<string, IrType>();

  clear(): void {
    this.units.clear();
    this.names.clear();
    this.types.clear();
    this.shape = '';
  }

  /** How this lowering uses the cache, or undefined when the program must be lowered in full. */
  plan(setup: LowerCacheSetup): LowerCachePlan | undefined {
    const { tsApi, files } = setup;
    if (files.some((file) => file.isDeclarationFile)) return this.bypass();
    for (const plan of setup.analysis.calls.values()) if (plan.kind === 'method-group') return this.bypass();

    const signatures = new Map<string, string>();
    const declared: string[] = [];
    for (const file of files) {
      declared.push(`\u0001${file.fileName}`);
      for (const node of file.statements) {
        if (tsApi.isClassDeclaration(node) || tsApi.isModuleDeclaration(node)) return this.bypass();
        const names = declarationSignatures(setup, node);
        // What declares ids (globals, program functions, enums) in order; not other statements.
        if (names.length > 0)
          declared.push(names.map(([name, signature]) => `${name}:${signature.split(' ')[0]}`).join(','));
        for (const [name, signature] of names) {
          signatures.set(name, signatures.has(name) ? `${signatures.get(name)}|${signature}` : signature);
        }
      }
    }
    const shape = declared.join('\u0000');
    if (shape !== this.shape) {
      this.units.clear();
      this.shape = shape;
    }

    const keys = new Map<ts.Statement, string>();
    const usedNames = new Map<string, readonly string[]>();
    for (const file of files) {
      for (const node of file.statements) {
        const start = node.getStart(file);
        const text = file.text.slice(start, node.end);
        const names = this.names.get(text) ?? mentionedNames(tsApi, node);
        usedNames.set(text, names);
        const column = file.getLineAndCharacterOfPosition(start).character;
        const dependencies = names.flatMap((name) => {
          const signature = signatures.get(name);
          return signature === undefined ? [] : [`${name}=${signature}`];
        });
        keys.set(node, `${file.fileName}\u0000${column}\u0000${text}\u0000${dependencies.join('\u0000')}`);
      }
    }
    this.names = usedNames;

    const next = new Map<string, KeptUnit[]>();
    const nextTypes = new Map<string, IrType>();
    let reused = 0;
    let kept = 0;
    let types = 0;
    return {
      kept: (node) => this.units.get(keys.get(node)!) ?? [],
      keep: (node, unit, wasReused) => {
        const key = keys.get(node);
        if (key === undefined || !keepable(tsApi, node)) return;
        if (wasReused) reused++;
        else kept++;
        const list = next.get(key);
        if (list) list.push(unit);
        else next.set(key, [unit]);
      },
      line: (node) => {
        const file = node.getSourceFile();
        return file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
      },
      declaredType: (node, name, compute) => {
        const key = keys.get(node);
        if (key === undefined) return compute();
        const at = `${key}\u0000${name}`;
        const known = nextTypes.get(at) ?? this.types.get(at);
        if (known) types++;
        const type = known ?? compute();
        // A program class's type names its id, which other statements fix: not kept (a program
        // with classes does not come here, but the rule should not depend on that).
        if (!namesClass(type)) nextTypes.set(at, type);
        return type;
      },
      done: () => {
        this.units = next;
        this.types = nextTypes;
        return { reused, kept, types };
      },
    };
  }

  private bypass(): undefined {
    this.clear();
    return undefined;
  }
}

function namesClass(type: IrType): boolean {
  if (type.kind === 'class') return true;
  if (type.kind === 'array') return namesClass(type.element);
  if (type.kind === 'function') return type.params.some(namesClass) || namesClass(type.result);
  return false;
}
