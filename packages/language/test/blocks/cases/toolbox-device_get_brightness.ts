// The "device_get_brightness" block (led.brightness) as it comes out of the toolbox.

let result = led.brightness()
