// The "control_wait_us" block (control.waitMicros) as it comes out of the toolbox.

control.waitMicros(4)
