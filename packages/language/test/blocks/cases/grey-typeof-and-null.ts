let thing = null
basic.showString(typeof thing)
