// The "radio_on_string_drag" block (radio.onReceivedString) as it comes out of the toolbox.

radio.onReceivedString(function (receivedString) {
})
