// The "device_set_analog_period" block (pins.analogSetPeriod) as it comes out of the toolbox.

pins.analogSetPeriod(AnalogPin.P0, 20000)
