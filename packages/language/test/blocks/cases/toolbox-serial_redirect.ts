// The "serial_redirect" block (serial.redirect) as it comes out of the toolbox.

serial.redirect(SerialPin.P0, SerialPin.P1, BaudRate.BaudRate115200)
