# Defaults, named arguments, lambda, comprehensions and list built-ins (golden round trip;
# apps/cli runs it and checks what it prints)
scores = [4, 9, 2, 7]
def describe(label: str, value: number, unit="points"):
    return label + ": " + str(value) + " " + unit
double = lambda n: n * 2
print(describe("sum", sum(scores)))
print(describe("max", max(scores), unit="pts"))
print(describe(unit="!", value=min(scores), label="min"))
print(", ".join([str(double(s)) for s in scores if s > 3]))
print(", ".join([str(s) for s in sorted(scores)]))
scores.extend([1, 8])
print(len(scores))
print(", ".join([str(s) for s in scores[::-1]]))
print(", ".join([str(s) for s in scores[1:5:2]]))
words = "  hello   micro bit ".split()
print(len(words))
print(words[0][::-1])
print("%.2f and %d" % (7 / 4, 3))
print(f"third: {10 / 3:.1f}")
