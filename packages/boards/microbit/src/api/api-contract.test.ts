// Guard rails for everyone adding to the API: every declared function has a runtime side with
// the right kind (waiting functions are generators), nothing undeclared sneaks in, annotations
// carry what the block editor needs, and the embedded library matches api/*.d.ts.

import { readFileSync } from 'node:fs';
import { ManualClock } from '@blockyard/core';
import { isFlagSet, parseAnnotations } from '@blockyard/language';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { embeddedLibraries, outputPath, renderLibrary } from '../../../../../scripts/lib/embedded-libraries.ts';
import { Board } from '../board/board.ts';
import { microbitLibraryFiles } from '../generated/api-library.ts';

interface DeclaredFunction {
  path: string;
  async: boolean;
  annotations: Record<string, string>;
}

/** A class or constant the library declares (`SoundExpression`, `soundExpression.giggle`). */
interface DeclaredValue {
  path: string;
  /** Class methods marked //% async: they must be generator methods. */
  asyncMethods: string[];
}

function annotationsOf(file: ts.SourceFile, node: ts.Node): Record<string, string> {
  const ranges = ts.getLeadingCommentRanges(file.text, node.pos) ?? [];
  return { ...parseAnnotations(ranges.map((r) => file.text.slice(r.pos, r.end)).join('\n')) };
}

/** Every function the library declares: `basic.showString`, `pause`, … */
function declaredFunctions(): DeclaredFunction[] {
  return declarations().functions;
}

function declarations(): { functions: DeclaredFunction[]; values: DeclaredValue[] } {
  const out: DeclaredFunction[] = [];
  const values: DeclaredValue[] = [];
  for (const libraryFile of microbitLibraryFiles) {
    const file = ts.createSourceFile(libraryFile.name, libraryFile.text, ts.ScriptTarget.ES2022, true);
    const visit = (statements: readonly ts.Statement[], prefix: string) => {
      for (const statement of statements) {
        if (ts.isModuleDeclaration(statement) && statement.body && ts.isModuleBlock(statement.body)) {
          visit(statement.body.statements, `${prefix}${statement.name.getText()}.`);
        } else if (ts.isFunctionDeclaration(statement) && statement.name) {
          const annotations = annotationsOf(file, statement);
          out.push({ path: prefix + statement.name.text, async: isFlagSet(annotations, 'async'), annotations });
        } else if (ts.isClassDeclaration(statement) && statement.name) {
          const asyncMethods = statement.members
            .filter((m) => ts.isMethodDeclaration(m) && isFlagSet(annotationsOf(file, m), 'async'))
            .map((m) => m.name!.getText());
          values.push({ path: prefix + statement.name.text, asyncMethods });
        } else if (ts.isVariableStatement(statement)) {
          for (const declaration of statement.declarationList.declarations) {
            values.push({ path: prefix + declaration.name.getText(), asyncMethods: [] });
          }
        }
      }
    };
    visit(file.statements, '');
  }
  return { functions: out, values };
}

function lookup(api: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], api);
}

const generatorFunction = Object.getPrototypeOf(function* () {}) as object;

describe('the micro:bit API contract', () => {
  const api = new Board({ clock: new ManualClock() }).api();
  const declared = declaredFunctions();
  const values = declarations().values;

  it('implements every declared function, as a generator exactly when it waits (//% async)', () => {
    expect(declared.length).toBeGreaterThan(20);
    for (const fn of declared) {
      const impl = lookup(api, fn.path);
      expect(typeof impl, `${fn.path} is declared but not implemented`).toBe('function');
      const isGenerator = Object.getPrototypeOf(impl) === generatorFunction;
      expect(isGenerator, `${fn.path}: async=${fn.async} but generator=${isGenerator}`).toBe(fn.async);
    }
  });

  it('implements every declared class and constant; waiting methods are generators', () => {
    for (const value of values) {
      const impl = lookup(api, value.path);
      expect(impl, `${value.path} is declared but not implemented`).toBeDefined();
      for (const method of value.asyncMethods) {
        const fn = (impl as { prototype: Record<string, unknown> }).prototype[method];
        expect(Object.getPrototypeOf(fn), `${value.path}.${method} waits (//% async)`).toBe(generatorFunction);
      }
    }
  });

  it('implements nothing that is not declared', () => {
    const paths = new Set([...declared.map((fn) => fn.path), ...values.map((value) => value.path)]);
    for (const [name, value] of Object.entries(api)) {
      if (typeof value === 'function') expect(paths.has(name), `${name} is not declared`).toBe(true);
      else {
        for (const member of Object.keys(value as object)) {
          expect(paths.has(`${name}.${member}`), `${name}.${member} is not declared`).toBe(true);
        }
      }
    }
  });

  it('gives every block a help page and a unique blockId', () => {
    const blockIds = new Map<string, string>();
    for (const fn of declared) {
      if (fn.path.includes('.')) expect(fn.annotations.help, `${fn.path} has no help= page`).toBeDefined();
      if (fn.annotations.block === undefined) continue;
      const blockId = fn.annotations.blockId;
      expect(blockId, `${fn.path} has block= but no blockId=`).toBeDefined();
      expect(blockIds.get(blockId!), `blockId ${blockId} is used twice`).toBeUndefined();
      blockIds.set(blockId!, fn.path);
    }
    expect(blockIds.get('device_show_number')).toBe('basic.showNumber');
    expect(blockIds.get('device_button_event')).toBe('input.onButtonPressed');
  });

  it('gives each block namespace its colour and weight', () => {
    for (const libraryFile of microbitLibraryFiles) {
      const file = ts.createSourceFile(libraryFile.name, libraryFile.text, ts.ScriptTarget.ES2022, true);
      for (const statement of file.statements) {
        if (!ts.isModuleDeclaration(statement) || statement.name.getText() === 'console') continue;
        // Namespaces without blocks (only constants, e.g. soundExpression) make no toolbox category.
        const name = statement.name.getText();
        if (!declared.some((fn) => fn.path.startsWith(`${name}.`) && fn.annotations.block !== undefined)) continue;
        const annotations = annotationsOf(file, statement);
        expect(annotations.color, `${statement.name.getText()} has no color`).toBeDefined();
        expect(annotations.weight, `${statement.name.getText()} has no weight`).toBeDefined();
      }
    }
  });

  it('is embedded up to date (run `node --import tsx scripts/embed-libraries.ts`)', async () => {
    const library = embeddedLibraries.find((l) => l.exportName === 'microbitLibraryFiles')!;
    expect(readFileSync(outputPath(library), 'utf8')).toBe(await renderLibrary(library));
  });
});
