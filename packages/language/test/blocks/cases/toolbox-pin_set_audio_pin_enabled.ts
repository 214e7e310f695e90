// The "pin_set_audio_pin_enabled" block (pins.setAudioPinEnabled) as it comes out of the toolbox.

pins.setAudioPinEnabled(true)
