let names = ["Ann", "Bob", "Cy"]
basic.showString(names[1])
