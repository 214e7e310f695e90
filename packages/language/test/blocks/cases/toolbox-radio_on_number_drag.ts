// The "radio_on_number_drag" block (radio.onReceivedNumber) as it comes out of the toolbox.

radio.onReceivedNumber(function (receivedNumber) {
})
