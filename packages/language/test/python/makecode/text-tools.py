def shout(text: str):
    return text + "!"

def count_letter(text: str, letter: str):
    found = 0
    for index in range(len(text)):
        if text.char_at(index) == letter:
            found += 1
    return found

word = "banana"
serial.write_line(shout(word))
serial.write_line("a appears " + str(count_letter(word, "a")) + " times")
serial.write_line(word.substr(0, 3))
serial.write_line("nan at " + str(word.index_of("nan")))
serial.write_line("has ban: " + str(word.includes("ban")))
number = parse_float("3.5") * 2
serial.write_line(str(number))
serial.write_line(word.to_upper_case())
serial.write_line(word.upper() + " " + str(len(word)))
