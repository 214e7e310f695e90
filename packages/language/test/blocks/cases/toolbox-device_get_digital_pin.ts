// The "device_get_digital_pin" block (pins.digitalReadPin) as it comes out of the toolbox.

let result = pins.digitalReadPin(DigitalPin.P0)
