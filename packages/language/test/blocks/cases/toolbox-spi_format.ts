// The "spi_format" block (pins.spiFormat) as it comes out of the toolbox.

pins.spiFormat(8, 3)
