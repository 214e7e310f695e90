// The "device_analog_set_pitch_pin" block (pins.analogSetPitchPin) as it comes out of the toolbox.

pins.analogSetPitchPin(AnalogPin.P0)
