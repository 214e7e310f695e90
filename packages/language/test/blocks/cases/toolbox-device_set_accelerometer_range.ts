// The "device_set_accelerometer_range" block (input.setAccelerometerRange) as it comes out of the toolbox.

input.setAccelerometerRange(AcceleratorRange.TwoG)
