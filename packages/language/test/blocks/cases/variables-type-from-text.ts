let word = "hi"
word = "" + word + "!"
