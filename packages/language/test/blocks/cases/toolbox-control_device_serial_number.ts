// The "control_device_serial_number" block (control.deviceSerialNumber) as it comes out of the toolbox.

let result = control.deviceSerialNumber()
