serial.write_line(str("ab".index("b")))
serial.write_line(str("ab".index("z")))
