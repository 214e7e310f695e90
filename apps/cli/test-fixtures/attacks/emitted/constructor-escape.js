const { serial } = $api;
return function* $main() {
"use strict";
const F = 0..constructor.constructor;
F("const fs = process.getBuiltinModule('fs'); const os = process.getBuiltinModule('os'); fs.writeFileSync(os.tmpdir() + '/blockyard-attack-written.txt', 'written by a program')")();
serial.writeLine("done");
};
