// The "control_raise_event" block (control.raiseEvent) as it comes out of the toolbox.

control.raiseEvent(EventBusSource.MICROBIT_ID_BUTTON_A, EventBusValue.MICROBIT_BUTTON_EVT_CLICK)
