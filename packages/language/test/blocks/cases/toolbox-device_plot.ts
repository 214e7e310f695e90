// The "device_plot" block (led.plot) as it comes out of the toolbox.

led.plot(2, 2)
