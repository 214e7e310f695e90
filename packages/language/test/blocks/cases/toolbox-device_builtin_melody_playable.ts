// The "device_builtin_melody_playable" block (music.builtInPlayableMelody) as it comes out of the toolbox.

let result = music.builtInPlayableMelody(Melodies.Dadadadum)
