// The "serial_read_until" block (serial.readUntil) as it comes out of the toolbox.

let result = serial.readUntil(serial.delimiters(Delimiters.NewLine))
