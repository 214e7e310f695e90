// The "device_plot_brightness" block (led.plotBrightness) as it comes out of the toolbox.

led.plotBrightness(2, 2, 255)
