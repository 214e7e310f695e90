// The "device_set_pull" block (pins.setPull) as it comes out of the toolbox.

pins.setPull(DigitalPin.P0, PinPullMode.PullUp)
