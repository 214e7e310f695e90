// The "serial_read_buffer" block (serial.readString) as it comes out of the toolbox.

let result = serial.readString()
