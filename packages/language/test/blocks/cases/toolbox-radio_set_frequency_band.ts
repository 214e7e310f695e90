// The "radio_set_frequency_band" block (radio.setFrequencyBand) as it comes out of the toolbox.

radio.setFrequencyBand(7)
