// The "pins_pulse_duration" block (pins.pulseDuration) as it comes out of the toolbox.

let result = pins.pulseDuration()
