// The "device_point" block (led.point) as it comes out of the toolbox.

let result = led.point(2, 2)
