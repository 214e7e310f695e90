// The "device_pin_released" block (input.onPinReleased) as it comes out of the toolbox.

input.onPinReleased(TouchPin.P0, function () {
})
