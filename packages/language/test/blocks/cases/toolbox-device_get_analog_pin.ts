// The "device_get_analog_pin" block (pins.analogReadPin) as it comes out of the toolbox.

let result = pins.analogReadPin(AnalogReadWritePin.P0)
