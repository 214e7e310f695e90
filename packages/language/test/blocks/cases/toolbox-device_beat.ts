// The "device_beat" block (music.beat) as it comes out of the toolbox.

let result = music.beat(BeatFraction.Whole)
