// The "music_tone_playable" block (music.tonePlayable) as it comes out of the toolbox.

let result = music.tonePlayable(Note.C, music.beat(BeatFraction.Whole))
