// The "control_event_timestamp" block (control.eventTimestamp) as it comes out of the toolbox.

let result = control.eventTimestamp()
