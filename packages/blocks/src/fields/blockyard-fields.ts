// Our field editors under the names our block JSON uses. The composition root hands this map to
// each BlocksEnvironment (options.fields), which registers them with Blockly.

import type { FieldRegistry } from '../environment/field-registry.ts';
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

export const blockyardFields: FieldRegistry = {
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
