// The "radio_on_value_drag" block (radio.onReceivedValue) as it comes out of the toolbox.

radio.onReceivedValue(function (name, value) {
})
