// The "pin_set_audio_pin" block (pins.setAudioPin) as it comes out of the toolbox.

pins.setAudioPin(DigitalPin.P0)
