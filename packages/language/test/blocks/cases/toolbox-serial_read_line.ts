// The "serial_read_line" block (serial.readLine) as it comes out of the toolbox.

let result = serial.readLine()
