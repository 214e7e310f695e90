// The "spi_frequency" block (pins.spiFrequency) as it comes out of the toolbox.

pins.spiFrequency(1000000)
