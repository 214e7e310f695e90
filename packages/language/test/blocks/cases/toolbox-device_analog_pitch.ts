// The "device_analog_pitch" block (pins.analogPitch) as it comes out of the toolbox.

pins.analogPitch(440, 1000)
