// The "radio_set_transmit_power" block (radio.setTransmitPower) as it comes out of the toolbox.

radio.setTransmitPower(7)
