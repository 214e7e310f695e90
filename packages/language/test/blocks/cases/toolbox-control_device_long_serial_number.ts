// The "control_device_long_serial_number" block (control.deviceLongSerialNumber) as it comes out of the toolbox.

let result = control.deviceLongSerialNumber()
