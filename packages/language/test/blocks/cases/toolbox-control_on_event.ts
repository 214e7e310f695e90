// The "control_on_event" block (control.onEvent) as it comes out of the toolbox.

control.onEvent(EventBusSource.MICROBIT_ID_BUTTON_A, EventBusValue.MICROBIT_EVT_ANY, function () {
})
