n = 5
while n > 0:
    basic.show_number(n)
    n -= 1
basic.show_string("Go")
total = 0
k = 1
while k <= 10:
    total += k
    k += 1
serial.write_value("total", total)
