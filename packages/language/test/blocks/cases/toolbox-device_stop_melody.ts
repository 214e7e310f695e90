// The "device_stop_melody" block (music.stopMelody) as it comes out of the toolbox.

music.stopMelody(MelodyStopOptions.All)
