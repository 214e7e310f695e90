// The "spi_write" block (pins.spiWrite) as it comes out of the toolbox.

let result = pins.spiWrite(0)
