// The "i2c_writenumber" block (pins.i2cWriteNumber) as it comes out of the toolbox.

pins.i2cWriteNumber(8, 0, NumberFormat.UInt8LE, false)
