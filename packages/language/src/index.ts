// Public surface of @blockyard/language: named exports only.
export { createCompiler } from './compiler/create-compiler.ts';
export type { CompileOptions, CompileResult, CompiledProgram, Compiler } from './compiler/create-compiler.ts';
// The typed IR the front end hands to back ends (docs/ARCHITECTURE.md, "The IR").
export type * from './ir/ir-module.ts';
export type * from './ir/ir-nodes.ts';
export type * from './ir/ir-types.ts';
export { forEachExpression, forEachStatement, statementExpressions } from './ir/ir-walk.ts';
export { formatDiagnostic } from './compiler/diagnostics.ts';
export type { Diagnostic } from './compiler/diagnostics.ts';
export type { LibraryFile } from './compiler/library.ts';
export { forbiddenPropertyNames } from './compiler/escape-hatches.ts';
export { coreLibraryFiles } from './generated/core-library.ts';
export { isFlagSet, parseAnnotations } from './annotations/parse-annotations.ts';
// Blocks: annotations -> API metadata -> block definitions and toolbox; the Blockly XML model.
export { readApiMetadata } from './blocks/api/read-api-metadata.ts';
export { readExtensionApi } from './blocks/api/extension-api.ts';
export { mergeApiMetadata } from './blocks/api/merge-api-metadata.ts';
export { hasBlock } from './blocks/api/api-metadata.ts';
export type { ApiFunction, ApiMetadata, ApiParameter } from './blocks/api/api-metadata.ts';
export { parseBlockSyntax } from './blocks/api/block-syntax.ts';
export type { BlockPart, BlockSyntax } from './blocks/api/block-syntax.ts';
export { BlockRegistry, createBlockRegistry } from './blocks/definitions/block-registry.ts';
export type {
  BlockArg,
  BlockDefinition,
  FieldEditorName,
  ToolboxBlockEntry,
  ToolboxCategory,
  ToolboxDefinition,
  ToolboxEntry,
} from './blocks/definitions/block-definition.ts';
export { toBlocklyJson } from './blocks/definitions/blockly-json.ts';
export type { BlocklyJson } from './blocks/definitions/blockly-json.ts';
export { builtinCategories, greyBlockColour } from './blocks/definitions/builtin-categories.ts';
export { ON_START } from './blocks/definitions/builtin-blocks.ts';
export { ledFieldValue, parseLedPicture } from './blocks/definitions/led-literal.ts';
export type { LedPicture } from './blocks/definitions/led-literal.ts';
export { EMPTY_SONG_LITERAL, songLiteralHex } from './blocks/definitions/song-literal.ts';
export { BlocksXmlError, readBlocksXml, readBlocksXmlRoot } from './blocks/model/read-blocks-xml.ts';
export { writeBlockXml, writeBlocksXml } from './blocks/model/write-blocks-xml.ts';
export { chain, forEachBlock } from './blocks/model/blocks-model.ts';
export type { BlockNode, BlocksWorkspace, InputNode, XmlElement } from './blocks/model/blocks-model.ts';
// Blocks <-> TypeScript.
export { blocksToTypeScript } from './blocks/generate/generate-typescript.ts';
export { upgradeFieldsToInputs } from './blocks/definitions/field-to-input.ts';
export type { BlockSourceRange } from './blocks/generate/code-writer.ts';
export type { GeneratorDiagnostic } from './blocks/generate/expressions.ts';
export { typeScriptToBlocks } from './blocks/decompile/decompile.ts';
export { keepLayout } from './blocks/decompile/keep-layout.ts';
export { sameCode } from './blocks/decompile/same-code.ts';
// Python: names from the API declarations, Python <-> TypeScript, compiling main.py.
export * from './python/index.ts';
export { placeBreakpoints } from './compiler/breakpoint-lines.ts';
