def add(a: number, b: number):
    return a + b

def square(x: number):
    return x * x

def is_even(n: number):
    return n % 2 == 0

def describe(n: number):
    if is_even(n):
        return "even"
    return "odd"

total = add(3, 4)
serial.write_line(str(total))
serial.write_line(str(square(total)))
for i in range(4):
    serial.write_line(str(i) + " " + describe(i))
basic.show_number(add(square(2), 1))
