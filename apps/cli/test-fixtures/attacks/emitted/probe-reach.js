const { serial } = $api;
return function* $main() {
  'use strict';
  // Each line tries one way out of the sandbox and prints what happened.
  const attempt = (name, action) => {
    let outcome;
    try {
      outcome = String(action());
    } catch (error) {
      outcome = 'refused: ' + (error && error.name);
    }
    serial.writeLine(name + ' -> ' + outcome);
  };
  attempt('process', () => typeof process);
  attempt('require', () => typeof require);
  attempt('module', () => typeof module);
  attempt('fetch', () => typeof fetch);
  attempt('WebAssembly', () => typeof WebAssembly);
  attempt('SharedArrayBuffer', () => typeof SharedArrayBuffer);
  attempt('Atomics', () => typeof Atomics);
  attempt('console', () => typeof console);
  attempt('setTimeout', () => typeof setTimeout);
  attempt('eval', () => eval('1 + 1'));
  attempt('Function of a value', () => (0).constructor.constructor('return 1')());
  attempt('Function of the global object', () => globalThis.constructor.constructor('return process')());
  attempt('Function of $rt', () => $rt.constructor.constructor('return process')());
  attempt('Function of $h', () => $h.propertyKey.constructor('return process')());
  attempt('Function of $api', () => serial.writeLine.constructor('return process')());
  attempt('Function of the main generator', () => $main.constructor.constructor('return process')());
  attempt('blockyardSandbox replaced', () => {
    globalThis.blockyardSandbox = null;
    return typeof globalThis.blockyardSandbox;
  });
  serial.writeLine('end');
};
