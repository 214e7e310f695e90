// The "control_event_value" block (control.eventValue) as it comes out of the toolbox.

let result = control.eventValue()
