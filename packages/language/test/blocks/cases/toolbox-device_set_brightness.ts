// The "device_set_brightness" block (led.setBrightness) as it comes out of the toolbox.

led.setBrightness(255)
