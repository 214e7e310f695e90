// The "device_tempo" block (music.tempo) as it comes out of the toolbox.

let result = music.tempo()
