// The "radio_datagram_send" block (radio.sendNumber) as it comes out of the toolbox.

radio.sendNumber(0)
