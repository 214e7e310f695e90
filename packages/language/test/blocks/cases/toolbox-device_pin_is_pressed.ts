// The "device_pin_is_pressed" block (input.pinIsPressed) as it comes out of the toolbox.

let result = input.pinIsPressed(TouchPin.P0)
