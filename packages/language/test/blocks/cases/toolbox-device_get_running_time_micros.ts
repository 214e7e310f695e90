// The "device_get_running_time_micros" block (input.runningTimeMicros) as it comes out of the toolbox.

let result = input.runningTimeMicros()
