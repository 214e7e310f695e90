// The "radioBroadcastMessage" block (radio.sendMessage) as it comes out of the toolbox.

radio.sendMessage(radio.__message(0))
