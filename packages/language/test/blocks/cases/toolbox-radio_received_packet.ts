// The "radio_received_packet" block (radio.receivedPacket) as it comes out of the toolbox.

let result = radio.receivedPacket(RadioPacketProperty.SignalStrength)
