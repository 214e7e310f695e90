basic.showString("hello".substr(0, 2))
basic.showString("hello".charAt(4))
