// The "control_device_name" block (control.deviceName) as it comes out of the toolbox.

let result = control.deviceName()
