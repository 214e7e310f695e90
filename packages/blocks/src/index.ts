// Public surface of @blockyard/blocks: named exports only.
export { BlocksEnvironment } from './environment/blocks-environment.ts';
export { blockyardFields } from './fields/blockyard-fields.ts';
export type { BlocksMessages } from './environment/messages.ts';
export type { AudioPreview } from './audio/audio-preview.ts';
export { createSoundEnginePreview } from './audio/sound-engine-preview.ts';
export { compareBlocksXml } from './workspace/xml-compare.ts';
export type { XmlDifference } from './workspace/xml-compare.ts';
export type { BlocksThemeName } from './theme/blockly-theme.ts';
export { BlocksWorkspaceController } from './workspace/workspace-controller.ts';
export type { BlockError } from './workspace/workspace-controller.ts';
export { liveWorkspaceCount } from './workspace/live-workspaces.ts';
export { BlocksEditor } from './react/BlocksEditor.tsx';
export type { BlocksDebug, BlocksEditorHandle } from './react/BlocksEditor.tsx';
export type { BlockTexts } from './environment/block-texts.ts';
export { placeholders } from './environment/block-texts.ts';
export { blocklyLocaleName, englishBlocklyMessages } from './environment/blockly-locale.ts';
export type { BlocklyMessages } from './environment/blockly-locale.ts';
export type { ToolboxFilter } from './toolbox/toolbox-filter.ts';
