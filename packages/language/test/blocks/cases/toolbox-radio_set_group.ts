// The "radio_set_group" block (radio.setGroup) as it comes out of the toolbox.

radio.setGroup(1)
