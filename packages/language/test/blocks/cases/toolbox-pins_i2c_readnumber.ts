// The "pins_i2c_readnumber" block (pins.i2cReadNumber) as it comes out of the toolbox.

let result = pins.i2cReadNumber(8, NumberFormat.UInt8LE, false)
