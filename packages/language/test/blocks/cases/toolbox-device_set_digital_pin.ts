// The "device_set_digital_pin" block (pins.digitalWritePin) as it comes out of the toolbox.

pins.digitalWritePin(DigitalPin.P0, 1)
