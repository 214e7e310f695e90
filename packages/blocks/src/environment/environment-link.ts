// What a Blockly workspace is linked to: its BlocksEnvironment (block definitions, toolbox) and
// its editor services (audio preview, dialogs). The links live on the workspace object itself
// (under symbols), never in a module-level map: two editors on one page each find their own,
// and dropping a workspace drops its links with it.

import type * as Blockly from 'blockly/core';
import type { BlockRegistry } from '@blockyard/language';
import type { AudioPreview } from '../audio/audio-preview.ts';
import type { BlocksMessages } from './messages.ts';

const ENVIRONMENT = Symbol.for('blockyard.blocks.environment');
const SERVICES = Symbol.for('blockyard.blocks.services');

/** A question the editor asks in its own dialog (new variable, rename, new function). */
interface PromptRequest {
  readonly kind: 'new-variable' | 'rename-variable' | 'new-function' | 'text';
  readonly title: string;
  readonly label: string;
  readonly defaultValue: string;
  /** A plain-language problem with the answer, or undefined when it is fine. */
  readonly validate?: (value: string) => string | undefined;
  readonly onDone: (value: string | null) => void;
}

interface FunctionRequest {
  readonly onDone: (result: { name: string; parameters: { name: string; type: string }[] } | null) => void;
}

export interface WorkspaceServices {
  readonly audioPreview?: AudioPreview;
  readonly prompt?: (request: PromptRequest) => void;
  readonly confirm?: (message: string, onDone: (ok: boolean) => void) => void;
  readonly alert?: (message: string, onDone: () => void) => void;
  readonly newFunction?: (request: FunctionRequest) => void;
}

/**
 * What a block, field or mutator may ask of its environment. BlocksEnvironment implements it;
 * naming the interface here (not the class) keeps the field editors and mutators, which find
 * their environment through this file, from importing the environment that registers them.
 */
export interface LinkedEnvironment {
  readonly registry: BlockRegistry;
  readonly messages: BlocksMessages;
  /** Builds a Blockly block of this environment (called by the trampoline in block-types.ts). */
  initBlock(block: Blockly.Block): void;
}

interface Linked {
  [ENVIRONMENT]?: LinkedEnvironment;
  [SERVICES]?: WorkspaceServices;
}

export function linkEnvironment(workspace: Blockly.Workspace, environment: LinkedEnvironment): void {
  (workspace as Linked)[ENVIRONMENT] = environment;
}

export function linkServices(workspace: Blockly.Workspace, services: WorkspaceServices): void {
  (workspace as Linked)[SERVICES] = services;
}

/**
 * Follows a workspace to the one it serves: flyouts and other helper workspaces point at their
 * owner (`targetWorkspace`, `options.parentWorkspace`).
 */
function find<K extends typeof ENVIRONMENT | typeof SERVICES>(
  workspace: Blockly.Workspace | null | undefined,
  key: K,
): Linked[K] | undefined {
  let current: Blockly.Workspace | null | undefined = workspace;
  for (let hops = 0; current && hops < 5; hops++) {
    const value = (current as Linked)[key];
    if (value) return value;
    const svg = current as unknown as Partial<Blockly.WorkspaceSvg>;
    current = svg.targetWorkspace ?? current.options?.parentWorkspace;
  }
  return undefined;
}

export function environmentOf(workspace: Blockly.Workspace | null | undefined): LinkedEnvironment | undefined {
  return find(workspace, ENVIRONMENT);
}

export function servicesOf(workspace: Blockly.Workspace | null | undefined): WorkspaceServices {
  return find(workspace, SERVICES) ?? {};
}
