lives = 3
name = "Kit"
serial.write_line(f"{name} has {lives} lives")
for round2 in range(2):
    serial.write_line(f"round {round2 + 1}")
