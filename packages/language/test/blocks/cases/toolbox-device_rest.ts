// The "device_rest" block (music.rest) as it comes out of the toolbox.

music.rest(music.beat(BeatFraction.Whole))
