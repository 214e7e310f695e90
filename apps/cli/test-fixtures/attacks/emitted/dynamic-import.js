const { serial } = $api;
return function* $main() {
"use strict";
import("node:fs").then((fs) => fs.writeFileSync("/tmp/blockyard-attack-written.txt", "written by a program"));
import("node:os").then((os) => os.tmpdir()).then((dir) => import("node:fs").then((fs) => fs.writeFileSync(dir + "/blockyard-attack-written.txt", "written")));
serial.writeLine("asked");
};
