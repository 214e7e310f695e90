// The "melody_on_event" block (music.onEvent) as it comes out of the toolbox.

music.onEvent(MusicEvent.MelodyNotePlayed, function () {
})
