// Loading without Blockly's throw-away shadows. When an input holds a real block and a shadow (a
// number under `n * 2`, say), Blockly 13's XML loader (`setShadowDom` on the connection) builds
// the shadow as a block of its own on the workspace (on a visible one: SVG, a queued render, a
// timer), serializes it twice (XML and JSON) and disposes it again, only to remember its state.
// In a learner's program that is one in three or four inputs. Here those shadows are taken out of
// the XML before Blockly reads it and their state is handed to the connection afterwards, as
// Blockly would have stored it: each distinct shadow (the same XML but for its id) is built once
// on a small headless workspace, and its serialized forms are reused with the id put back.
// Shadows that are not simple (nested inputs, variables) keep Blockly's own way.

import * as Blockly from 'blockly/core';
import { environmentOf, linkEnvironment } from '../environment/environment-link.ts';

/** A shadow's state as Blockly keeps it on a connection (`Connection.applyShadowState`, private). */
interface ShadowState {
  readonly shadowDom: Element;
  readonly shadowState: Blockly.serialization.blocks.State;
}

interface ConnectionWithState {
  applyShadowState?: (state: { shadowDom: Element | null; shadowState: unknown }) => void;
}

interface Deferred {
  /** Id of the block whose input (or next) held both a block and this shadow. */
  readonly blockId: string;
  /** Input name, or null for the block's next connection. */
  readonly input: string | null;
  readonly shadow: Element;
}

/** Serialized forms of one shadow shape, without its id (null: not simple, Blockly builds it). */
type Template = { dom: Element; state: Blockly.serialization.blocks.State } | null;

const CONNECTION_TAGS = new Set(['value', 'statement', 'next']);

/** Whether Blockly 13's private hook this relies on is there (a later Blockly may differ). */
function canApply(): boolean {
  return typeof (Blockly.Connection.prototype as unknown as ConnectionWithState).applyShadowState === 'function';
}

/**
 * Reuses shadow templates while one file loads (its slices included): block definitions may
 * change between files (a new language, an extension), so a new load starts a new cache.
 */
export class ShadowTemplates {
  private readonly templates = new Map<string, Template>();
  private scratch: Blockly.Workspace | undefined;

  /**
   * Takes out of `root` (about to load onto `workspace`) every shadow that sits beside a real
   * block; see `apply`.
   */
  defer(root: Element, workspace: Blockly.Workspace): Deferred[] {
    if (!canApply()) return [];
    // A block is found again by its id: only ids that Blockly will keep (once in the file, not
    // on the workspace yet; Blockly renames a repeated id).
    const seen = new Map<string, number>();
    for (const tag of ['block', 'shadow']) {
      for (const element of root.getElementsByTagName(tag)) {
        const id = element.getAttribute('id');
        if (id) seen.set(id, (seen.get(id) ?? 0) + 1);
      }
    }
    const deferred: Deferred[] = [];
    // Copies, not the live lists: each `shadow.remove()` below made the live list of blocks
    // start again from the top to find its next item (a tenth of building 1,000 blocks, profiled).
    for (const block of [...root.getElementsByTagName('block')]) {
      for (const child of [...block.children]) {
        if (!CONNECTION_TAGS.has(child.localName)) continue;
        let real: Element | undefined;
        let shadow: Element | undefined;
        for (const item of child.children) {
          if (item.localName === 'block') real ??= item;
          else if (item.localName === 'shadow') shadow ??= item;
        }
        if (!real || !shadow) continue;
        // Blockly gives a block without an id a fresh one: do it here to find the block again.
        let id = block.getAttribute('id');
        if (id && (seen.get(id) !== 1 || workspace.getBlockById(id))) continue;
        if (!id) {
          id = Blockly.utils.idGenerator.genUid();
          block.setAttribute('id', id);
        }
        deferred.push({ blockId: id, input: child.localName === 'next' ? null : child.getAttribute('name'), shadow });
        shadow.remove();
      }
    }
    return deferred;
  }

  /** Gives the deferred shadows to their connections, now that their blocks are on `workspace`. */
  apply(workspace: Blockly.Workspace, deferred: readonly Deferred[]): void {
    for (const { blockId, input, shadow } of deferred) {
      const block = workspace.getBlockById(blockId);
      const connection = input === null ? block?.nextConnection : block?.getInput(input)?.connection;
      // Blockly warned about (and skipped) an input the block does not have: so does this.
      if (!connection) continue;
      const state = this.stateOf(workspace, shadow);
      if (state) (connection as unknown as Required<ConnectionWithState>).applyShadowState(state);
      else connection.setShadowDom(shadow);
    }
  }

  dispose(): void {
    this.scratch?.dispose();
    this.scratch = undefined;
    this.templates.clear();
  }

  private stateOf(workspace: Blockly.Workspace, shadow: Element): ShadowState | undefined {
    const id = shadow.getAttribute('id') ?? Blockly.utils.idGenerator.genUid();
    const shape = shadow.cloneNode(true) as Element;
    shape.removeAttribute('id');
    const key = Blockly.Xml.domToText(shape);
    let template = this.templates.get(key);
    if (template === undefined) {
      template = this.build(workspace, shape);
      this.templates.set(key, template);
    }
    if (!template) return undefined;
    const shadowDom = template.dom.cloneNode(true) as Element;
    shadowDom.setAttribute('id', id);
    return { shadowDom, shadowState: { ...structuredClone(template.state), id } };
  }

  /** The shadow built once, headless, and serialized as Blockly serializes a connection's shadow. */
  private build(workspace: Blockly.Workspace, shape: Element): Template {
    // Only shadows with nothing below them and no variables: their state depends on nothing but
    // their own XML (nested shadows carry ids of their own; variables live on the workspace).
    if ([...shape.children].some((c) => CONNECTION_TAGS.has(c.localName))) return null;
    if (!this.scratch) {
      this.scratch = new Blockly.Workspace();
      const environment = environmentOf(workspace);
      if (environment) linkEnvironment(this.scratch, environment);
    }
    let block: Blockly.Block | undefined;
    try {
      block = Blockly.Xml.domToBlock(shape, this.scratch);
      const simple =
        block.getChildren(false).length === 0 &&
        block.inputList.every((i) => i.fieldRow.every((f) => !(f instanceof Blockly.FieldVariable)));
      if (!simple) return null;
      const dom = Blockly.Xml.blockToDom(block) as Element;
      const state = Blockly.serialization.blocks.save(block);
      return state ? { dom, state } : null;
    } catch {
      // Whatever Blockly makes of it, it makes on the real workspace (and reports there).
      return null;
    } finally {
      block?.dispose(false);
    }
  }
}
