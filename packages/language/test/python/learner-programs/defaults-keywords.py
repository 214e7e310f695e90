def greet(name: str, times: number = 2):
    for i in range(times):
        serial.write_line("hi " + name)

def area(width: number, height: number = 1):
    return width * height

greet("Bo")
greet("Al", 1)
serial.write_value("a", area(3))
serial.write_value("b", area(3, 4))
serial.write_value("c", area(height=5, width=2))
