// The "music_stop_all_sounds" block (music.stopAllSounds) as it comes out of the toolbox.

music.stopAllSounds()
