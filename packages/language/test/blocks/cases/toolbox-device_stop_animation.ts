// The "device_stop_animation" block (led.stopAnimation) as it comes out of the toolbox.

led.stopAnimation()
