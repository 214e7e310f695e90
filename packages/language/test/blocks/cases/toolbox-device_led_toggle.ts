// The "device_led_toggle" block (led.toggle) as it comes out of the toolbox.

led.toggle(2, 2)
