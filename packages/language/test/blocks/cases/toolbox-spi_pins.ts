// The "spi_pins" block (pins.spiPins) as it comes out of the toolbox.

pins.spiPins(DigitalPin.P15, DigitalPin.P14, DigitalPin.P13)
