let message = "a"
message = "" + message + "b"
basic.showString(message)
