// The "device_led_enable" block (led.enable) as it comes out of the toolbox.

led.enable(false)
