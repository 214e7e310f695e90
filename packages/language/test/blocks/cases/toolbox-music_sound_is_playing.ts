// The "music_sound_is_playing" block (music.isSoundPlaying) as it comes out of the toolbox.

let result = music.isSoundPlaying()
