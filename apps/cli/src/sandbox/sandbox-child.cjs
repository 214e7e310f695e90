// The sandbox process of `blockyard run` (started by run-in-sandbox.ts; plain CommonJS so it runs
// as is from the sources and from dist/). Node starts it with the permission model on and no
// permission granted beyond reading this file (no file writes, no other reads, no child
// processes, no workers, no addons), with string evaluation off in every context, and with an
// empty environment.
//
// It reads one request (JSON) from standard input, evaluates the runner bundle in a fresh V8
// context that holds nothing but JavaScript's own built-ins, compiles the program into that same
// context, and runs it there with a real-time limit. Only strings cross between the contexts.
// It prints the report as one line, then the WAV bytes if any; or one `{"failure": …}` line.
'use strict';

const vm = require('node:vm');

// Capture what this file needs, then remove from this realm what an escaped program could use
// to reach the network or native code (the permission model of Node 20 does not cover them).
const stdout = process.stdout;
const stdin = process.stdin;
const exit = (code) => process.exit(code);
for (const name of ['fetch', 'WebSocket', 'EventSource', 'XMLHttpRequest', 'navigator']) {
  try {
    delete globalThis[name];
  } catch {
    // Not configurable: it stays, and the other layers still hold.
  }
}
for (const name of ['binding', '_linkedBinding', 'dlopen', 'getBuiltinModule', 'mainModule']) {
  try {
    Object.defineProperty(process, name, { value: undefined, configurable: false, writable: false });
  } catch {
    // Same as above.
  }
}

// A promise the program left rejected is its own business, not a reason to lose the report.
process.on('unhandledRejection', () => undefined);

function write(text, bytes) {
  stdout.write(text + '\n');
  if (bytes && bytes.length > 0) stdout.write(bytes);
}

function fail(message) {
  write(JSON.stringify({ failure: message }));
  stdout.end(() => exit(0));
}

const chunks = [];
stdin.on('data', (chunk) => chunks.push(chunk));
stdin.on('end', () => {
  let request;
  try {
    request = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    fail('The sandbox received a request it could not read.');
    return;
  }
  try {
    run(request);
  } catch (error) {
    fail(`The sandbox could not run the program: ${error && error.message ? error.message : String(error)}`);
  }
});

function run(request) {
  const context = vm.createContext(Object.create(null), {
    name: 'blockyard program',
    codeGeneration: { strings: false, wasm: false },
    // Promise jobs run inside each evaluation, under its time limit, not on this process's queue.
    microtaskMode: 'afterEvaluate',
  });
  // The context's own extras: nothing of the board uses them, and Atomics.wait could block.
  new vm.Script(
    'for (const name of ["console", "SharedArrayBuffer", "Atomics", "WebAssembly"]) delete globalThis[name];',
  ).runInContext(context);
  const refuseImport = () => {
    throw new vm.Script('new TypeError("A program cannot load other code.")').runInContext(context);
  };
  new vm.Script(request.runner, {
    filename: 'blockyard-sandbox-runner.js',
    importModuleDynamically: refuseImport,
  }).runInContext(context, { timeout: 10_000 });
  const factory = vm.compileFunction(request.programJs, ['$rt', '$h', '$api'], {
    filename: 'blockyard-program.js',
    parsingContext: context,
    importModuleDynamically: refuseImport,
  });
  context.$job = request.job;
  context.$factory = factory;
  let report;
  try {
    report = new vm.Script('blockyardSandbox.run($job, $factory)').runInContext(context, {
      timeout: request.timeLimitMs,
    });
  } catch (error) {
    if (!error || error.code !== 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw error;
    report = new vm.Script('blockyardSandbox.interrupted()').runInContext(context, { timeout: 10_000 });
  }
  const audio = new vm.Script('blockyardSandbox.audio()').runInContext(context, { timeout: 60_000 });
  if (typeof report !== 'string' || typeof audio !== 'string') {
    fail('The sandbox produced no report.');
    return;
  }
  write(report, Buffer.from(audio, 'latin1'));
  stdout.end(() => exit(0));
}
