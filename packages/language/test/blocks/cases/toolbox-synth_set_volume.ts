// The "synth_set_volume" block (music.setVolume) as it comes out of the toolbox.

music.setVolume(127)
