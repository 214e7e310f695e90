// The "device_unplot" block (led.unplot) as it comes out of the toolbox.

led.unplot(2, 2)
