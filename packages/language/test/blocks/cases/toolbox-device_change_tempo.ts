// The "device_change_tempo" block (music.changeTempoBy) as it comes out of the toolbox.

music.changeTempoBy(20)
