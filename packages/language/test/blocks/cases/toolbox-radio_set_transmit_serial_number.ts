// The "radio_set_transmit_serial_number" block (radio.setTransmitSerialNumber) as it comes out of the toolbox.

radio.setTransmitSerialNumber(true)
