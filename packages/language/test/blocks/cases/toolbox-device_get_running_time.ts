// The "device_get_running_time" block (input.runningTime) as it comes out of the toolbox.

let result = input.runningTime()
