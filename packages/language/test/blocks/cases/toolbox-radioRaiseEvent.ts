// The "radioRaiseEvent" block (radio.raiseEvent) as it comes out of the toolbox.

radio.raiseEvent(EventBusSource.MICROBIT_ID_BUTTON_A, EventBusValue.MICROBIT_EVT_ANY)
