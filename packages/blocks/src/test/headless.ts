// Headless Blockly workspaces for tests (Node: Blockly brings its own DOM for XML).

import * as Blockly from 'blockly/core';
import { BlocksEnvironment } from '../environment/blocks-environment.ts';
import { linkEnvironment } from '../environment/environment-link.ts';
import { blockyardFields } from '../fields/blockyard-fields.ts';
import { testRegistry } from './test-library.ts';

let shared: BlocksEnvironment | undefined;

/** One environment for the test library (building it parses the library with TypeScript). */
export function testEnvironment(): BlocksEnvironment {
  shared ??= new BlocksEnvironment(testRegistry(), { fields: blockyardFields });
  return shared;
}

export function headlessWorkspace(environment: BlocksEnvironment = testEnvironment()): Blockly.Workspace {
  const workspace = new Blockly.Workspace();
  linkEnvironment(workspace, environment);
  return workspace;
}

/** Wraps blocks in a Blockly XML document. */
export function xmlOf(body: string, variables = ''): string {
  return `<xml xmlns="https://developers.google.com/blockly/xml">${variables ? `<variables>${variables}</variables>` : ''}${body}</xml>`;
}

/** Runs `body` collecting Blockly's console warnings (unknown fields, inputs, tags). */
export function collectWarnings<T>(body: () => T): { result: T; warnings: string[] } {
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => warnings.push(args.map(String).join(' '));
  try {
    return { result: body(), warnings };
  } finally {
    console.warn = warn;
  }
}
