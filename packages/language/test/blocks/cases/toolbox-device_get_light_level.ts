// The "device_get_light_level" block (input.lightLevel) as it comes out of the toolbox.

let result = input.lightLevel()
