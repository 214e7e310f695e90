// The "device_get_sound_level" block (input.soundLevel) as it comes out of the toolbox.

let result = input.soundLevel()
