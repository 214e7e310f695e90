control.panic(42)
