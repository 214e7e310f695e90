// Project files made by MakeCode itself (its 9.1.1 command line, dressed as each version's web app
// would save them), shared by the core, CLI and web import tests. See buildMakeCodeProjectFile.
import {
  buildMakeCodeProjectFile,
  makeCodeAvailability,
  type MakeCodeProjectFiles,
} from '@blockyard/makecode-reference';

export { makeCodeAvailability, type MakeCodeProjectFiles };

/** One release of each MakeCode major version we read, and one newer than ours. */
export const MAKECODE_VERSIONS = ['0.14.11', '3.0.15', '6.0.28', '8.2.3', '9.1.1'] as const;
export const NEWER_MAKECODE_VERSION = '10.0.3';

const PETS_BLOCKS =
  '<xml xmlns="https://developers.google.com/blockly/xml"><block type="pxt-on-start" x="20" y="20">' +
  '<statement name="HANDLER"><block type="basic_show_icon"><field name="i">IconNames.Heart</field></block>' +
  '</statement></block></xml>';
export const PETS_TS = 'basic.showIcon(IconNames.Heart)\n';

export function buildPets(version: string): Promise<MakeCodeProjectFiles> {
  return buildMakeCodeProjectFile('Pets', { 'main.blocks': PETS_BLOCKS, 'main.ts': PETS_TS }, version);
}
