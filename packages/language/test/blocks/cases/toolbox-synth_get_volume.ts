// The "synth_get_volume" block (music.volume) as it comes out of the toolbox.

let result = music.volume()
