// The "device_set_tempo" block (music.setTempo) as it comes out of the toolbox.

music.setTempo(120)
