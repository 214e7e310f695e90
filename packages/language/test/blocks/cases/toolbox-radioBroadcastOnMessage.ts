// The "radioBroadcastOnMessage" block (radio.onReceivedMessage) as it comes out of the toolbox.

radio.onReceivedMessage(radio.__message(0), function () {
})
