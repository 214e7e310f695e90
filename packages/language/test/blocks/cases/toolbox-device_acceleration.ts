// The "device_acceleration" block (input.acceleration) as it comes out of the toolbox.

let result = input.acceleration(Dimension.X)
