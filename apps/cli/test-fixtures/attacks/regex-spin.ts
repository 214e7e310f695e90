// A regular expression that backtracks for ages: a spin inside the engine itself.
serial.writeLine("start")
let pattern: any = /(a+)+b/
serial.writeValue("found", pattern.test("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaac") ? 1 : 0)
