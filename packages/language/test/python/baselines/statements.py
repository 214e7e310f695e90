# switch, do...while, enums, optional parameters and try: the forms JavaScript has that Python
# writes otherwise (tests: statements.test.ts here, python.test.ts in apps/cli).
class Mood(Enum):
    Calm = 0
    Happy = 5
    Grumpy = 6
mood: Mood = Mood.Happy
rolls = 0

def describe(value: number, label: str = None):
    if label == None:
        label = "n"
    serial.write_line(label + "=" + value)

def roll() -> number:
    global rolls
    rolls += 1
    return rolls % 4

def moodName(m: Mood) -> str:
    if m == Mood.Calm:
        return "calm"
    elif m == Mood.Happy:
        return "happy"
    else:
        return "grumpy"

# The roll is made once, however many cases are tried.
value2 = roll()
if value2 == 0:
    serial.write_line("zero")
elif value2 == 1 or value2 == 2:
    serial.write_line("small")
else:
    serial.write_line("big")
describe(rolls, "rolls")
n = 10
while True:
    n += 5
    describe(n)
    if not (n < 3):
        break
try:
    serial.write_line(moodName(mood))
    serial.write_line(moodName(Mood.Grumpy))
except:
    serial.write_line("failed")
finally:
    describe(mood, "mood")
