// The "serial_writebuffer" block (serial.writeBuffer) as it comes out of the toolbox.

serial.writeBuffer(serial.readBuffer(64))
