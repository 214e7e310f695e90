// The "device_touch_set_type" block (pins.touchSetMode) as it comes out of the toolbox.

pins.touchSetMode(TouchTarget.P0, TouchTargetMode.Capacitive)
