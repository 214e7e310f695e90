// The "device_set_pin_events" block (pins.setEvents) as it comes out of the toolbox.

pins.setEvents(DigitalPin.P0, PinEventType.Edge)
