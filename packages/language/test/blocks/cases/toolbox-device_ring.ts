// The "device_ring" block (music.ringTone) as it comes out of the toolbox.

music.ringTone(Note.C)
