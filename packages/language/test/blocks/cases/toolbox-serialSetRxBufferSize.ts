// The "serialSetRxBufferSize" block (serial.setRxBufferSize) as it comes out of the toolbox.

serial.setRxBufferSize(32)
