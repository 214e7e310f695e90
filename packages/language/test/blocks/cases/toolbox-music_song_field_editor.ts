// The "music_song_field_editor" block (music.createSong) as it comes out of the toolbox.

let result = music.createSong(hex`00780004080100`)
