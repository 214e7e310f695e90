animals = ["cat", "dog", "emu"]
animals.append("fox")
line = ""
for animal in animals:
    line = line + animal.upper() + ","
serial.write_line(line)
serial.write_line(", ".join(animals))
longest = ""
for animal in animals:
    if len(animal) >= len(longest):
        longest = animal
serial.write_line(longest)
animals.remove("dog")
serial.write_line(str(len(animals)) + animals[1])
animals.insert(0, "ant")
serial.write_line(animals[0] + str(animals.index("emu")))
