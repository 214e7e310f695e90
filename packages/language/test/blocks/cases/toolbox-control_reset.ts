// The "control_reset" block (control.reset) as it comes out of the toolbox.

control.reset()
