nums = [1, 2, 3]
word = "banana"
if 2 in nums:
    serial.write_line("has 2")
if 7 not in nums:
    serial.write_line("no 7")
if "nan" in word:
    serial.write_line("nan")
if "x" not in word:
    serial.write_line("no x")
x = 3
if 0 < x < 5:
    serial.write_line("between")
serial.write_line("big" if x > 2 else "small")
