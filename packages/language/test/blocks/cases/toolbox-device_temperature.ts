// The "device_temperature" block (input.temperature) as it comes out of the toolbox.

let result = input.temperature()
