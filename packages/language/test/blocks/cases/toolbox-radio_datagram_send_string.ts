// The "radio_datagram_send_string" block (radio.sendString) as it comes out of the toolbox.

radio.sendString("")
