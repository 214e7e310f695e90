// The "led_set_display_mode" block (led.setDisplayMode) as it comes out of the toolbox.

led.setDisplayMode(DisplayMode.Greyscale)
