// The "control_wait_for_event" block (control.waitForEvent) as it comes out of the toolbox.

control.waitForEvent(0, 0)
