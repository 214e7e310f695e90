// The "device_set_analog_pin" block (pins.analogWritePin) as it comes out of the toolbox.

pins.analogWritePin(AnalogPin.P0, 1023)
