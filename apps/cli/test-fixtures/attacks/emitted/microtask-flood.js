const { serial } = $api;
return function* $main() {
"use strict";
serial.writeLine("flooding");
Promise.resolve().then(function again() { Promise.resolve().then(again); });
};
