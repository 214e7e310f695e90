// The "serial_readbuffer" block (serial.readBuffer) as it comes out of the toolbox.

let result = serial.readBuffer(64)
