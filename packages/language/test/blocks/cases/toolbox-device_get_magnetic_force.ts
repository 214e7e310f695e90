// The "device_get_magnetic_force" block (input.magneticForce) as it comes out of the toolbox.

let result = input.magneticForce(Dimension.X)
