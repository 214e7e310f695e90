// The "device_get_rotation" block (input.rotation) as it comes out of the toolbox.

let result = input.rotation(Rotation.Pitch)
