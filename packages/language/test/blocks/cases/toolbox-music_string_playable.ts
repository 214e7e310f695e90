// The "music_string_playable" block (music.stringPlayable) as it comes out of the toolbox.

let result = music.stringPlayable("E D G F B A C5 B ", 120)
