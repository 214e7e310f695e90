// The "device_point_brightness" block (led.pointBrightness) as it comes out of the toolbox.

let result = led.pointBrightness(2, 2)
