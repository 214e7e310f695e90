// Reads API metadata from library declaration files (strings) with the TypeScript parser: the
// `//%` annotations and JSDoc of namespaces, functions, interface and class members and enums.
// Pure: the same in Node and in a Web Worker. Parsing only; nothing is type-checked.

import type ts from 'typescript';
import { type Annotations, isFlagSet, parseAnnotations } from '../../annotations/parse-annotations.ts';
import type {
  ApiEnum,
  ApiEnumMember,
  ApiFunction,
  ApiFunctionKind,
  ApiMetadata,
  ApiNamespace,
  ApiParameter,
  ApiReceiver,
} from './api-metadata.ts';
import { type BlockSyntax, blockParams, defaultBlockText, parseBlockSyntax } from './block-syntax.ts';
import { exampleValue, type JsDoc, parseJsDoc } from './jsdoc.ts';
import { own } from './own.ts';
import { qualifiedNameOf } from './qualified-name.ts';

export interface ApiSourceFile {
  readonly name: string;
  readonly text: string;
}

interface Commented {
  readonly annotations: Annotations;
  readonly doc: JsDoc;
}

export function readApiMetadata(tsApi: typeof ts, files: readonly ApiSourceFile[]): ApiMetadata {
  const sources = files.map((file) =>
    tsApi.createSourceFile(file.name, file.text, tsApi.ScriptTarget.ES2022, true, tsApi.ScriptKind.TS),
  );
  const reader = new MetadataReader(tsApi);
  for (const source of sources) reader.collectEnums(source);
  reader.addFixedInstances();
  reader.addIdentityConstants();
  for (const source of sources) reader.collect(source);
  return reader.result();
}

class MetadataReader {
  private readonly namespaces: Record<string, ApiNamespace> = {};
  private readonly functions: Record<string, ApiFunction> = {};
  private readonly enums: Record<string, ApiEnum> = {};
  private readonly enumConstants: Record<string, string> = {};
  private readonly bases: Record<string, string> = {};
  private readonly fixedInstanceClasses = new Map<string, Commented>();
  /** Qualified names of every class, interface and enum, to qualify type names used in namespaces. */
  private readonly typeNames = new Set<string>();
  private readonly fixedInstances: {
    qName: string;
    name: string;
    type: string;
    annotations: Annotations;
    doc: string;
  }[] = [];
  /** Namespace constants with `//% blockIdentity=...` (`Math.PI`), by that shim function. */
  private readonly identityConstants = new Map<string, ApiEnumMember[]>();

  constructor(private readonly tsApi: typeof ts) {}

  result(): ApiMetadata {
    return {
      namespaces: this.namespaces,
      functions: this.functions,
      enums: this.enums,
      enumConstants: this.enumConstants,
      bases: this.bases,
    };
  }

  private commentsOf(node: ts.Node): Commented {
    const text = node.getSourceFile().text;
    const ranges = this.tsApi.getLeadingCommentRanges(text, node.pos) ?? [];
    const comment = ranges.map((range) => text.slice(range.pos, range.end)).join('\n');
    return { annotations: parseAnnotations(comment), doc: parseJsDoc(comment) };
  }

  /** First pass: enums, and the fixed instances that act like them. */
  collectEnums(source: ts.SourceFile): void {
    const tsApi = this.tsApi;
    const visit = (node: ts.Node, scope: readonly string[]) => {
      if (tsApi.isEnumDeclaration(node) || tsApi.isClassDeclaration(node) || tsApi.isInterfaceDeclaration(node)) {
        if (node.name) this.typeNames.add([...scope, node.name.text].join('.'));
      }
      if (tsApi.isEnumDeclaration(node)) this.addEnum(node);
      else if (tsApi.isModuleDeclaration(node) && node.body && tsApi.isIdentifier(node.name)) {
        visit(node.body, [...scope, node.name.text]);
      } else if (tsApi.isModuleBlock(node) || tsApi.isSourceFile(node)) node.statements.forEach((s) => visit(s, scope));
      else if (tsApi.isClassDeclaration(node) && node.name) {
        const comments = this.commentsOf(node);
        if (isFlagSet(comments.annotations, 'fixedInstances')) {
          this.fixedInstanceClasses.set([...scope, node.name.text].join('.'), comments);
        }
      } else if (tsApi.isVariableStatement(node)) {
        const comments = this.commentsOf(node);
        this.addIdentityConstant(node, comments, scope);
        if (!isFlagSet(comments.annotations, 'fixedInstance')) return;
        for (const declaration of node.declarationList.declarations) {
          if (!tsApi.isIdentifier(declaration.name)) continue;
          this.fixedInstances.push({
            qName: [...scope, declaration.name.text].join('.'),
            name: declaration.name.text,
            type: declaration.type?.getText() ?? '',
            annotations: comments.annotations,
            doc: comments.doc.description,
          });
        }
      }
    };
    visit(source, []);
  }

  collect(source: ts.SourceFile): void {
    for (const statement of source.statements) this.statement(statement, []);
  }

  private statement(node: ts.Statement, scope: readonly string[]): void {
    const tsApi = this.tsApi;
    if (tsApi.isModuleDeclaration(node)) {
      if (!tsApi.isIdentifier(node.name)) return;
      const name = node.name.text;
      if (scope.length === 0) this.addNamespace(node, name);
      let body = node.body;
      const inner = [...scope, name];
      while (body && tsApi.isModuleDeclaration(body) && tsApi.isIdentifier(body.name)) {
        inner.push(body.name.text);
        body = body.body;
      }
      if (body && tsApi.isModuleBlock(body)) for (const child of body.statements) this.statement(child, inner);
    } else if (tsApi.isFunctionDeclaration(node)) {
      this.addFunction(node, 'function', scope.join('.'), scope);
    } else if (tsApi.isInterfaceDeclaration(node) || tsApi.isClassDeclaration(node)) {
      const owner = [...scope, node.name?.text ?? ''].join('.');
      const ownerComments = this.commentsOf(node);
      const base = tsApi.isClassDeclaration(node)
        ? node.heritageClauses?.find((c) => c.token === tsApi.SyntaxKind.ExtendsKeyword)?.types[0]
        : undefined;
      if (base) this.bases[owner] = this.qualifyType(base.expression.getText(), scope);
      for (const member of node.members) {
        if (tsApi.isMethodSignature(member) || tsApi.isMethodDeclaration(member)) {
          this.addFunction(member, 'method', owner, scope, ownerComments.annotations);
        } else if (tsApi.isPropertySignature(member) || tsApi.isPropertyDeclaration(member)) {
          this.addFunction(member, 'property', owner, scope, ownerComments.annotations);
        }
      }
    } else if (tsApi.isVariableStatement(node)) {
      for (const declaration of node.declarationList.declarations) {
        const type = declaration.type;
        if (type && tsApi.isTypeLiteralNode(type) && tsApi.isIdentifier(declaration.name)) {
          // `declare var String: { fromCharCode(...) }`: static members of a built-in.
          const owner = [...scope, declaration.name.text].join('.');
          for (const member of type.members) {
            if (tsApi.isMethodSignature(member)) this.addFunction(member, 'function', owner, scope);
          }
        }
        const comments = this.commentsOf(node);
        const identity = comments.annotations['enumIdentity'];
        if (identity && tsApi.isIdentifier(declaration.name)) {
          this.enumConstants[identity] = [...scope, declaration.name.text].join('.');
        }
      }
    }
  }

  private addNamespace(node: ts.ModuleDeclaration, name: string): void {
    const { annotations, doc } = this.commentsOf(node);
    const previous = own(this.namespaces, name);
    const merged: Record<string, string> = { ...previous?.attributes, ...annotations };
    this.namespaces[name] = {
      name,
      label: unquote(merged['block'] ?? '') || name.charAt(0).toUpperCase() + name.slice(1),
      ...(merged['color'] ? { color: unquote(merged['color']) } : {}),
      weight: numberOr(merged['weight'], 50),
      ...(merged['icon'] ? { icon: decodeEscapes(unquote(merged['icon'])) } : {}),
      advanced: isFlagSet(merged, 'advanced'),
      groups: parseList(merged['groups']),
      doc: previous?.doc || doc.description,
      attributes: merged,
    };
  }

  private addEnum(node: ts.EnumDeclaration): void {
    const qName = qualifiedNameOf(this.tsApi, node);
    if (!qName) return;
    const { annotations, doc } = this.commentsOf(node);
    let next = 0;
    const members: ApiEnumMember[] = node.members.map((member) => {
      const memberComments = this.commentsOf(member);
      const name = this.tsApi.isIdentifier(member.name) ? member.name.text : member.name.getText();
      let value: number | undefined = next;
      if (member.initializer) {
        const literal = Number(member.initializer.getText().replace(/_/g, ''));
        value = Number.isFinite(literal) ? literal : undefined;
      }
      next = value === undefined ? next + 1 : value + 1;
      const attributes = memberComments.annotations;
      return {
        qName: `${qName}.${name}`,
        name,
        ...(value === undefined ? {} : { value }),
        label: unquote(attributes['block'] ?? '').replace(/\{id:[^}]*\}/g, '') || name,
        ...(attributes['blockIdentity'] ? { blockIdentity: attributes['blockIdentity'] } : {}),
        image: isFlagSet(attributes, 'blockImage'),
        doc: memberComments.doc.description,
        attributes,
      };
    });
    this.enums[qName] = {
      qName,
      name: node.name.text,
      isConst: node.modifiers?.some((m) => m.kind === this.tsApi.SyntaxKind.ConstKeyword) ?? false,
      emitAsConstant: isFlagSet(annotations, 'emitAsConstant'),
      members,
      doc: doc.description,
      attributes: annotations,
    };
  }

  /** `//% fixedInstances` classes become dropdowns of their `//% fixedInstance` constants. */
  addFixedInstances(): void {
    for (const [className, comments] of this.fixedInstanceClasses) {
      const short = className.split('.').pop()!;
      const members: ApiEnumMember[] = this.fixedInstances
        .filter((instance) => instance.type === className || instance.type === short)
        .map((instance) => ({
          qName: instance.qName,
          name: instance.name,
          label: unquote(instance.annotations['block'] ?? '').replace(/\{id:[^}]*\}/g, '') || instance.name,
          image: isFlagSet(instance.annotations, 'blockImage'),
          doc: instance.doc,
          attributes: instance.annotations,
        }));
      if (members.length === 0 || own(this.enums, className)) continue;
      this.enums[className] = {
        qName: className,
        name: short,
        isConst: false,
        fixedInstances: true,
        emitAsConstant: false,
        members,
        doc: comments.doc.description,
        attributes: comments.annotations,
      };
    }
  }

  private addIdentityConstant(node: ts.VariableStatement, comments: Commented, scope: readonly string[]): void {
    const identity = unquote(comments.annotations['blockIdentity'] ?? '');
    const declaration = node.declarationList.declarations[0];
    if (!identity || !declaration || !this.tsApi.isIdentifier(declaration.name)) return;
    const name = declaration.name.text;
    const members = this.identityConstants.get(identity) ?? [];
    members.push({
      qName: [...scope, name].join('.'),
      name,
      label: unquote(comments.annotations['block'] ?? '') || name,
      blockIdentity: identity,
      image: false,
      doc: comments.doc.description,
      attributes: comments.annotations,
    });
    this.identityConstants.set(identity, members);
  }

  /**
   * Constants with a `blockIdentity` (`Math.PI` -> `Math._constant`) act as the members of an enum
   * named after that function, whose `//% constantShim` parameter picks one from a dropdown.
   */
  addIdentityConstants(): void {
    for (const [identity, members] of this.identityConstants) {
      if (own(this.enums, identity)) continue;
      this.enums[identity] = {
        qName: identity,
        name: identity.split('.').pop()!,
        isConst: true,
        emitAsConstant: false,
        members,
        doc: '',
        attributes: {},
      };
    }
  }

  /** `LedSprite` inside `namespace game` is `game.LedSprite` everywhere else. */
  private qualifyType(typeText: string, scope: readonly string[]): string {
    const match = /^([A-Za-z_$][\w$.]*)(\[\])*$/.exec(typeText);
    if (!match) return typeText;
    const base = match[1]!;
    for (let depth = scope.length; depth > 0; depth--) {
      const candidate = [...scope.slice(0, depth), base].join('.');
      if (this.typeNames.has(candidate)) return candidate + typeText.slice(base.length);
    }
    return typeText;
  }

  private enumTypeOf(typeText: string, scope: readonly string[]): string | undefined {
    for (let depth = scope.length; depth >= 0; depth--) {
      const candidate = [...scope.slice(0, depth), typeText].join('.');
      if (own(this.enums, candidate)) return candidate;
    }
    return undefined;
  }

  private addFunction(
    node: ts.SignatureDeclarationBase | ts.PropertySignature | ts.PropertyDeclaration,
    kind: ApiFunctionKind,
    owner: string,
    scope: readonly string[],
    ownerAnnotations: Annotations = {},
  ): void {
    const tsApi = this.tsApi;
    const qName = qualifiedNameOf(tsApi, node);
    if (!qName || !node.name) return;
    const { annotations: declared, doc } = this.commentsOf(node);
    const existing = own(this.functions, qName);
    if (existing && (existing.block || Object.keys(declared).length === 0)) return; // first annotated overload wins
    const annotations: Record<string, string> = { ...inheritedAnnotations(ownerAnnotations), ...declared };
    const name = node.name.getText();
    const rawParameters = 'parameters' in node ? node.parameters : [];
    let params = rawParameters.map((p) => this.readParameter(p, kind === 'function' ? scope : owner.split('.')));
    if (isFlagSet(annotations, 'constantShim') && own(this.enums, qName) && params[0]) {
      params = [{ ...params[0], enumType: qName }, ...params.slice(1)];
    }
    const returnType = this.qualifyType(
      kind === 'property'
        ? (node.type?.getText() ?? 'any')
        : (node.type?.getText() ?? (kind === 'method' ? 'any' : 'void')),
      kind === 'function' ? scope : owner.split('.'),
    );

    let block: BlockSyntax | undefined;
    const blockText = annotations['block'];
    if (blockText !== undefined) {
      const required = params.filter((p) => !p.optional && !p.handler).map((p) => p.name);
      block = parseBlockSyntax(blockText === 'true' ? defaultBlockText(name, required) : unquote(blockText));
    }
    const blockId = annotations['blockId']
      ? unquote(annotations['blockId'])
      : block
        ? qName.replace(/\./g, '_')
        : undefined;
    const imageLiteral = numberOr(annotations['imageLiteral'] ?? annotations['gridLiteral'], 0);
    const bound = bindParameters(params, block, kind !== 'function', imageLiteral > 0, annotations, doc);

    const help = annotations['help'] ? unquote(annotations['help']).replace(/^\//, '') : undefined;
    const fn: ApiFunction = {
      qName,
      name,
      kind,
      owner,
      category: unquote(annotations['blockNamespace'] ?? '') || owner.split('.')[0] || owner,
      parameters: bound.parameters,
      returnType,
      ...(blockId ? { blockId } : {}),
      ...(block ? { block } : {}),
      ...(bound.receiver ? { receiver: bound.receiver } : {}),
      doc: doc.description,
      weight: numberOr(annotations['weight'], 50),
      ...(annotations['blockGap'] !== undefined ? { blockGap: numberOr(annotations['blockGap'], 8) } : {}),
      ...(annotations['group'] ? { group: unquote(annotations['group']) } : {}),
      advanced: isFlagSet(annotations, 'advanced'),
      deprecated: isFlagSet(annotations, 'deprecated'),
      blockHidden: isFlagSet(annotations, 'blockHidden') || isFlagSet(annotations, 'hidden'),
      ...(help && help !== 'none' ? { help } : {}),
      identity: unquote(annotations['shim'] ?? '') === 'TD_ID',
      ...oneOf(annotations, 'inlineInputMode', ['inline', 'external', 'variable'] as const),
      ...oneOf(annotations, 'expandableArgumentMode', ['toggle', 'enabled', 'disabled'] as const),
      ...draggable(annotations['draggableParameters']),
      ...(imageLiteral > 0
        ? {
            imageLiteral: {
              columns: numberOr(annotations['imageLiteralColumns'], 5) * imageLiteral,
              rows: numberOr(annotations['imageLiteralRows'], 5),
            },
          }
        : {}),
      attributes: annotations,
    };
    this.functions[qName] = fn;
  }

  private readParameter(p: ts.ParameterDeclaration, scope: readonly string[]): RawParameter {
    const tsApi = this.tsApi;
    const name = p.name.getText();
    let type = p.type?.getText() ?? 'any';
    // A rest parameter (`...codes: number[]`) shows in a block as one value of the element type.
    if (p.dotDotDotToken) type = type.replace(/\[\]$/, '').replace(/^Array<(.+)>$/, '$1');
    type = this.qualifyType(type, scope);
    let handler: RawParameter['handler'];
    if (p.type && tsApi.isFunctionTypeNode(p.type)) {
      handler = {
        parameters: p.type.parameters.map((h) => ({ name: h.name.getText(), type: h.type?.getText() ?? 'any' })),
      };
    }
    const enumType = this.enumTypeOf(type, scope);
    return {
      name,
      type,
      optional: !!p.questionToken || !!p.initializer || !!p.dotDotDotToken,
      ...(enumType ? { enumType } : {}),
      ...(handler ? { handler } : {}),
    };
  }
}

interface RawParameter {
  readonly name: string;
  readonly type: string;
  readonly optional: boolean;
  readonly enumType?: string;
  readonly handler?: ApiParameter['handler'];
}

/** Class-level annotations that apply to every member (`blockNamespace`, `color`). */
function inheritedAnnotations(owner: Annotations): Record<string, string> {
  const result: Record<string, string> = {};
  for (const key of ['blockNamespace', 'color']) if (owner[key] !== undefined) result[key] = owner[key];
  return result;
}

/** Matches block references to parameters the way MakeCode does: `$x` by name, `%x` in order. */
function bindParameters(
  params: readonly RawParameter[],
  block: BlockSyntax | undefined,
  instance: boolean,
  imageLiteral: boolean,
  annotations: Annotations,
  doc: JsDoc,
): { parameters: ApiParameter[]; receiver?: ApiReceiver } {
  const defs = block ? blockParams(block) : [];
  const refs = new Map(defs.filter((d) => d.ref).map((d) => [d.name, d]));
  let positional = defs.filter((d) => !d.ref);
  let receiver: ApiReceiver | undefined;
  if (instance && block && defs.length > 0) {
    const def = refs.get('this') ?? defs[0]!;
    const shadow = def.shadow ?? annotations[`${def.name}.shadow`] ?? annotations['this.shadow'];
    receiver = {
      blockName: def.name,
      type: 'this',
      ...(shadow && shadow !== 'unset' ? { shadow: unquote(shadow) } : {}),
      ...(def.variable ? { variable: def.variable } : {}),
    };
    positional = positional.filter((d) => d !== def);
  }
  let next = 0;
  const parameters = params.map((p, index): ApiParameter => {
    let def = refs.get(p.name);
    if (!def && !p.handler && next < positional.length) def = positional[next++];
    const blockName = imageLiteral && index === 0 ? 'LEDS' : def?.name;
    const lookup = (suffix: string): string | undefined => {
      const value = (def ? annotations[`${def.name}.${suffix}`] : undefined) ?? annotations[`${p.name}.${suffix}`];
      return value === undefined ? undefined : unquote(value);
    };
    const options = (prefix: string): Record<string, string> => {
      const result: Record<string, string> = {};
      for (const key of [def ? `${def.name}.${prefix}.` : undefined, `${p.name}.${prefix}.`]) {
        if (!key) continue;
        for (const [k, v] of Object.entries(annotations)) {
          const sub = k.slice(key.length);
          if (k.startsWith(key) && !Object.hasOwn(result, sub)) result[sub] = unquote(v);
        }
      }
      return result;
    };
    const paramDoc = own(doc.params, p.name);
    const shadow = def?.shadow ?? lookup('shadow');
    const defl =
      lookup('defl') ??
      (paramDoc?.examples[0] !== undefined ? exampleValue(paramDoc.examples[0]) : undefined) ??
      // MakeCode's `x.snippet` is the code a new block starts with (a song's hex`…` literal).
      lookup('snippet');
    const min = numberOrUndefined(lookup('min')) ?? paramDoc?.min;
    const max = numberOrUndefined(lookup('max')) ?? paramDoc?.max;
    const fieldEditor = lookup('fieldEditor');
    return {
      ...p,
      ...(blockName ? { blockName } : {}),
      expandable: def?.expandable ?? false,
      ...(shadow && shadow !== 'unset' ? { shadow } : {}),
      ...(defl !== undefined ? { defaultValue: defl } : {}),
      ...(min !== undefined ? { min } : {}),
      ...(max !== undefined ? { max } : {}),
      ...(fieldEditor ? { fieldEditor } : {}),
      fieldOptions: options('fieldOptions'),
      shadowOptions: options('shadowOptions'),
      doc: paramDoc?.description ?? '',
    };
  });
  return { parameters, ...(receiver ? { receiver } : {}) };
}

function unquote(value: string): string {
  const quoted = /^(["'])([\s\S]*)\1$/.exec(value.trim());
  return quoted ? quoted[2]! : value;
}

function decodeEscapes(value: string): string {
  return value.replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function numberOr(value: string | undefined, fallback: number): number {
  const n = numberOrUndefined(value);
  return n === undefined ? fallback : n;
}

function numberOrUndefined(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(unquote(value));
  return Number.isFinite(n) ? n : undefined;
}

/** `groups='["A", "B"]'` or `groups=['A', 'B']`. */
function parseList(value: string | undefined): string[] {
  if (!value) return [];
  const text = unquote(value).trim();
  try {
    const parsed: unknown = JSON.parse(text.replace(/'/g, '"'));
    if (Array.isArray(parsed)) return parsed.filter((v): v is string => typeof v === 'string');
  } catch {
    // Not JSON: fall back to a comma-separated list.
  }
  return text
    .replace(/^\[|\]$/g, '')
    .split(',')
    .map((s) => unquote(s.trim()))
    .filter(Boolean);
}

function oneOf<K extends string, V extends string>(
  annotations: Annotations,
  key: K,
  values: readonly V[],
): Partial<Record<K, V>> {
  const raw = annotations[key];
  const value = raw === undefined ? undefined : unquote(raw);
  return value !== undefined && (values as readonly string[]).includes(value)
    ? ({ [key]: value } as Partial<Record<K, V>>)
    : {};
}

function draggable(value: string | undefined): { draggableParameters?: 'reporter' | 'variable' } {
  if (value === undefined) return {};
  const v = unquote(value);
  return { draggableParameters: v === 'variable' ? 'variable' : 'reporter' };
}
