// Public surface of @blockyard/language: named exports only.
export { createCompiler } from './compiler/create-compiler.ts';
export type {
  CompileOptions,
  CompileResult,
  CompiledProgram,
  Compiler,
  CompilerSetup,
  LowerCompileResult,
  LowerOptions,
} from './compiler/create-compiler.ts';
// The typed IR the front end hands to back ends (docs/ARCHITECTURE.md, "The IR").
export type * from './ir/ir-module.ts';
export type * from './ir/ir-nodes.ts';
export type * from './ir/ir-types.ts';
export { isSimple } from './ir/ir-nodes.ts';
export { isReferenceType, typeText } from './ir/ir-types.ts';
export { dumpIr } from './ir/dump-ir.ts';
export { forEachExpression, forEachStatement, statementExpressions } from './ir/ir-walk.ts';
export { linearize, successors } from './ir/linearize.ts';
export type { IrBasicBlock, IrBlockEnd, IrBlockGraph, IrLinearStmt } from './ir/linearize.ts';
export { IR_UNSUPPORTED_CODE } from './ir/lower/lower-context.ts';
export { formatDiagnostic } from './compiler/diagnostics.ts';
export type { Diagnostic } from './compiler/diagnostics.ts';
export type { LibraryFile } from './compiler/library.ts';
export type { PositionTableData } from './compiler/positions.ts';
export { reservedNames } from './compiler/wait-analysis.ts';
export { ESCAPE_HATCH_CODE, forbiddenGlobalNames, forbiddenPropertyNames } from './compiler/escape-hatches.ts';
export { coreLibraryFiles } from './generated/core-library.ts';
export { isFlagSet, parseAnnotations } from './annotations/parse-annotations.ts';
export type { Annotations } from './annotations/parse-annotations.ts';
export { renderEmbeddedModule } from './embed/render-embedded-module.ts';
export type { EmbeddedFile, EmbeddedModuleOptions } from './embed/render-embedded-module.ts';
// Blocks: annotations -> API metadata -> block definitions and toolbox; the Blockly XML model.
export { readApiMetadata } from './blocks/api/read-api-metadata.ts';
export type { ApiSourceFile } from './blocks/api/read-api-metadata.ts';
export { extensionSources, readExtensionApi } from './blocks/api/extension-api.ts';
export { mergeApiMetadata } from './blocks/api/merge-api-metadata.ts';
export type { ExtensionApi } from './blocks/api/extension-api.ts';
export { hasBlock } from './blocks/api/api-metadata.ts';
export type {
  ApiEnum,
  ApiEnumMember,
  ApiFunction,
  ApiFunctionKind,
  ApiMetadata,
  ApiNamespace,
  ApiParameter,
  ApiReceiver,
} from './blocks/api/api-metadata.ts';
export { parseBlockSyntax } from './blocks/api/block-syntax.ts';
export type { BlockPart, BlockSyntax } from './blocks/api/block-syntax.ts';
export { BlockRegistry, createBlockRegistry } from './blocks/definitions/block-registry.ts';
export type { BlockRegistrySource } from './blocks/definitions/block-registry.ts';
export type { ApiBlock, BindingKind, ParamBinding } from './blocks/definitions/api-blocks.ts';
export type {
  BlockArg,
  BlockDefinition,
  BlockLine,
  BlockShape,
  FieldEditorName,
  OutputCheck,
  ToolboxBlockEntry,
  ToolboxButtonEntry,
  ToolboxCategory,
  ToolboxDefinition,
  ToolboxEntry,
  ToolboxLabelEntry,
} from './blocks/definitions/block-definition.ts';
export { toBlocklyJson } from './blocks/definitions/blockly-json.ts';
export type { BlocklyJson } from './blocks/definitions/blockly-json.ts';
export { builtinCategories, greyBlockColour } from './blocks/definitions/builtin-categories.ts';
export type { BuiltinCategory } from './blocks/definitions/builtin-categories.ts';
export {
  FUNCTION_CALL,
  FUNCTION_CALL_OUTPUT,
  FUNCTION_DEFINITION,
  FUNCTION_RETURN,
  GREY_EXPRESSION,
  GREY_STATEMENT,
  ON_START,
} from './blocks/definitions/builtin-blocks.ts';
export { emptyLedPicture, ledCodeLiteral, ledFieldValue, parseLedPicture } from './blocks/definitions/led-literal.ts';
export type { LedPicture } from './blocks/definitions/led-literal.ts';
export { EMPTY_SONG_LITERAL, isSongLiteral, songLiteralHex } from './blocks/definitions/song-literal.ts';
export { BlocksXmlError, readBlocksXml, readBlocksXmlRoot } from './blocks/model/read-blocks-xml.ts';
export { BLOCKLY_XML_NAMESPACE, writeBlockXml, writeBlocksXml } from './blocks/model/write-blocks-xml.ts';
export type { WriteBlocksXmlOptions } from './blocks/model/write-blocks-xml.ts';
export { deleteVariable, renameVariable, variableUses } from './blocks/model/variables.ts';
export {
  chain,
  emptyBlock,
  fieldValue,
  findInput,
  forEachBlock,
  inputTarget,
  stackOf,
} from './blocks/model/blocks-model.ts';
export type {
  BlockComment,
  BlockNode,
  BlocksWorkspace,
  FieldNode,
  InputNode,
  Mutation,
  WorkspaceComment,
  WorkspaceVariable,
  XmlElement,
} from './blocks/model/blocks-model.ts';
// Blocks <-> TypeScript.
export { blocksToTypeScript } from './blocks/generate/generate-typescript.ts';
export type { GenerateResult } from './blocks/generate/generate-typescript.ts';
export type { BlockSourceRange } from './blocks/generate/code-writer.ts';
export type { GeneratorDiagnostic } from './blocks/generate/expressions.ts';
export { typeScriptToBlocks } from './blocks/decompile/decompile.ts';
export { keepLayout } from './blocks/decompile/keep-layout.ts';
export { sameCode } from './blocks/decompile/same-code.ts';
export type { DecompileOptions, DecompileResult, DecompileSetup } from './blocks/decompile/decompile.ts';
export type { GreyNote } from './blocks/decompile/statement-converter.ts';
// Python: names from the API declarations, Python <-> TypeScript, compiling main.py.
export * from './python/index.ts';
export { placeBreakpoints } from './compiler/breakpoint-lines.ts';
export type { PlacedBreakpoint, StatementTable } from './compiler/breakpoint-lines.ts';
