let word = "abc"
basic.showString(word[0])
