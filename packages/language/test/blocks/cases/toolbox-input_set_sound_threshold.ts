// The "input_set_sound_threshold" block (input.setSoundThreshold) as it comes out of the toolbox.

input.setSoundThreshold(SoundThreshold.Loud, 128)
