// The "device_pin_event" block (input.onPinPressed) as it comes out of the toolbox.

input.onPinPressed(TouchPin.P0, function () {
})
