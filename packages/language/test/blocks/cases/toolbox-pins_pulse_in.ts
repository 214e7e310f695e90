// The "pins_pulse_in" block (pins.pulseIn) as it comes out of the toolbox.

let result = pins.pulseIn(DigitalPin.P0, PulseValue.High)
