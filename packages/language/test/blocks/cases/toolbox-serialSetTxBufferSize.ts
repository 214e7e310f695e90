// The "serialSetTxBufferSize" block (serial.setTxBufferSize) as it comes out of the toolbox.

serial.setTxBufferSize(32)
