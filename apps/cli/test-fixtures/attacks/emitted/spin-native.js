const { serial } = $api;
return function* $main() {
"use strict";
serial.writeLine("before the spin");
for (;;) { }
};
