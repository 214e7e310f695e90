import { builtInMelody, MELODY_NAMES, parseMelody } from '@blockyard/sound';
import { describe, expect, it } from 'vitest';
import { DEVICE_LIBRARY_SOURCE } from './device-library.ts';

describe('the device library', () => {
  it('keeps each built-in melody as one text that reads as the same notes as its array', () => {
    // builtInPlayableMelody reads the joined text note by note (two passes, state carried over);
    // the simulator reads the array entry by entry: both must give the same notes.
    for (let i = 0; i < MELODY_NAMES.length; i++) {
      const notes = builtInMelody(i);
      expect(notes.length, MELODY_NAMES[i]).toBeGreaterThan(0);
      const twice = [...notes, ...notes];
      expect(parseMelody(twice.join(' ')), MELODY_NAMES[i]).toEqual(parseMelody(twice));
      expect(DEVICE_LIBRARY_SOURCE).toContain(`case ${i}: return ${JSON.stringify(notes.join(' '))}`);
    }
  });
});
