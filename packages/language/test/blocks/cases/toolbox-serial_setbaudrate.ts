// The "serial_setbaudrate" block (serial.setBaudRate) as it comes out of the toolbox.

serial.setBaudRate(BaudRate.BaudRate115200)
