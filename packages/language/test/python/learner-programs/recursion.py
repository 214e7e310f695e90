def fact(n: number) -> number:
    if n <= 1:
        return 1
    return n * fact(n - 1)

def fib(n: number) -> number:
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)

serial.write_value("fact", fact(5))
serial.write_value("fib", fib(10))
