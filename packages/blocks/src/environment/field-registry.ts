// The field types an environment registers with Blockly. The environment receives them (the
// composition root passes `blockyardFields` from fields/blockyard-fields.ts) instead of importing
// the field editors: the editors read their environment through environment-link.ts, so an
// import the other way would close a circle.

import * as Blockly from 'blockly/core';

/** A field class as Blockly's registry wants it: something with `fromJson`. */
type FieldMaker = { fromJson(options: never): Blockly.Field };

/** Field classes by the names our block JSON uses (`field_led_matrix`, ...). */
export type FieldRegistry = Readonly<Record<string, FieldMaker>>;

/**
 * Registers the field types with Blockly. The registry is Blockly's global one, but what is
 * registered is plain classes with no state of their own, and registering again is a no-op, so
 * every workspace on the page can share them.
 */
export function registerFields(fields: FieldRegistry): void {
  for (const [name, maker] of Object.entries(fields)) {
    if (!Blockly.registry.hasItem(Blockly.registry.Type.FIELD, name)) {
      // Blockly's registry types fields by constructor; ours are registered by their fromJson.
      Blockly.fieldRegistry.register(name, maker as unknown as Blockly.fieldRegistry.RegistrableField);
    }
  }
}
