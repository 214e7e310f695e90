// The "pins_on_pulsed" block (pins.onPulsed) as it comes out of the toolbox.

pins.onPulsed(DigitalPin.P0, PulseValue.High, function () {
})
