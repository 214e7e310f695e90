// first note

// second note

basic.showNumber(1)
