// The "serial_redirect_to_usb" block (serial.redirectToUSB) as it comes out of the toolbox.

serial.redirectToUSB()
