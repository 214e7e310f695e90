// The "music_playable_play_default_bkg" block (music._playDefaultBackground) as it comes out of the toolbox.

music._playDefaultBackground(music.builtInPlayableMelody(Melodies.Dadadadum), music.PlaybackMode.InBackground)
