serial.setWriteLinePadding(0)
serial.setWriteLinePadding(64)
