// The "music_set_built_in_speaker_enable" block (music.setBuiltInSpeakerEnabled) as it comes out of the toolbox.

music.setBuiltInSpeakerEnabled(true)
