items = [1, 2]
items.remove(99)
serial.write_line(str(len(items)))
empty: List[number] = []
serial.write_line(str(empty.pop()))
