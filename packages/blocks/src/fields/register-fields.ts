// Registers our field types with Blockly under the names our block JSON uses. The registry is
// Blockly's global one, but what is registered is plain classes with no state of their own, and
// registering again is a no-op, so every workspace on the page can share them.

import * as Blockly from 'blockly/core';
import { ExactNumberField } from './exact-number.ts';
import { IconPickerField } from './icon-picker-field.ts';
import { LedMatrixField } from './led-matrix-field.ts';
import { LenientDropdown } from './lenient-dropdown.ts';
import { MelodyField } from './melody-field.ts';
import { NotePickerField } from './note-picker-field.ts';
import { PinPickerField } from './pin-picker-field.ts';
import { PlainTextField } from './plain-text-field.ts';
import { ColorPickerField, ProtractorField, TimePickerField, ToggleField } from './simple-editors.ts';
import { SliderField } from './slider-field.ts';
import { SongField } from './song-field.ts';
import { SoundEffectField } from './sound-effect-field.ts';

/** A field class as Blockly's registry wants it: something with `fromJson`. */
type FieldMaker = { fromJson(options: never): Blockly.Field };

const fieldTypes: Readonly<Record<string, FieldMaker>> = {
  field_blockyard_dropdown: LenientDropdown,
  field_blockyard_number: ExactNumberField,
  field_blockyard_text: PlainTextField,
  field_led_matrix: LedMatrixField,
  field_icon_picker: IconPickerField,
  field_pin_picker: PinPickerField,
  field_note_picker: NotePickerField,
  field_slider: SliderField,
  field_melody: MelodyField,
  field_sound_effect: SoundEffectField,
  field_song: SongField,
  field_toggle: ToggleField,
  field_time_picker: TimePickerField,
  field_protractor: ProtractorField,
  field_color_picker: ColorPickerField,
};

export function registerFields(): void {
  for (const [name, maker] of Object.entries(fieldTypes)) {
    if (!Blockly.registry.hasItem(Blockly.registry.Type.FIELD, name)) {
      // Blockly's registry types fields by constructor; ours are registered by their fromJson.
      Blockly.fieldRegistry.register(name, maker as unknown as Blockly.fieldRegistry.RegistrableField);
    }
  }
}
