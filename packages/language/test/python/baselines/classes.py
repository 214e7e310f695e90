# Classes: fields set in __init__, methods, a class-level value, a parent class.
class Counter:
    """Counts up to a limit."""
    LIMIT = 5

    def __init__(self, name: str, start=0):
        self.name = name
        self.count = start
        self.history: List[number] = []

    def add(self, amount):
        # Never past the limit.
        self.count = min(self.count + amount, self.LIMIT)
        self.history.append(self.count)
        return self.count

    def describe(self):
        return f"{self.name}={self.count}"

class Stepper(Counter):
    def __init__(self, name: str, step: int):
        super().__init__(name)
        self.step = step

    def add(self, amount):
        return super().add(amount * self.step)

    def twice(self):
        self.add(1)
        return self.add(1)

counters = [Counter("a"), Counter("b", start=2)]
for c in counters:
    c.add(2)
    serial.write_line(c.describe())
s = Stepper("s", 2)
serial.write_line(str(s.twice()))
serial.write_line(s.describe() + " " + str(len(s.history)))
serial.write_line(str(Counter.LIMIT))

def on_button_pressed_a():
    basic.show_number(counters[0].add(1))
input.on_button_pressed(Button.A, on_button_pressed_a)
