// The "radio_datagram_send_value" block (radio.sendValue) as it comes out of the toolbox.

radio.sendValue("name", 0)
