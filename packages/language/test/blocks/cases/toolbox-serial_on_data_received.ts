// The "serial_on_data_received" block (serial.onDataReceived) as it comes out of the toolbox.

serial.onDataReceived(serial.delimiters(Delimiters.NewLine), function () {
})
