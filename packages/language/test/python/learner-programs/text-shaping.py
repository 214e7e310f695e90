name = "  micro bit rocks  "
serial.write_line("[" + name.lstrip() + "]")
serial.write_line("[" + name.rstrip() + "]")
title = name.strip()
serial.write_line(title.title() + "|" + "o'neil 2nd-place".title())
tag = "xxhixx"
serial.write_line(tag.strip("x") + tag.lstrip("x") + tag.rstrip("x"))
code = "Hello World"
serial.write_line(code.swapcase() + " " + code.casefold())
n = "42"
serial.write_line(n.zfill(5) + " " + "-7".zfill(4) + " " + "12345".zfill(3))
serial.write_line("[" + n.center(6, "*") + "][" + "abc".center(6) + "][" + n.ljust(4) + "][" + n.rjust(4, "0") + "]")
