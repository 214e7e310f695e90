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

// `blockyard debug` starts this file with the argument "debug": then the request is the first
// line of standard input and each later line is a command; answers go out one JSON line each.
if (process.argv.includes('debug')) debugMain();
else {
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
}

/** A fresh context with the runner bundle evaluated in it and the program compiled into it. */
function prepare(request) {
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
  return context;
}

function run(request) {
  const context = prepare(request);
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

function debugMain() {
  const lines = [];
  let buffer = '';
  let context;
  let timeLimitMs = 10_000;
  // In real time (the default for debugging), a slice of virtual time waits for the wall clock,
  // so output appears as on a board and a pause lands where the learner pressed it.
  let realTime = true;
  let sliceMs = 50;
  let nextSliceAt = 0;
  let running = false;
  let scheduled = false;
  let done = false;
  const evaluate = (code, timeout) => new vm.Script(code).runInContext(context, { timeout });

  // Each answer is a SandboxDebugStep as JSON: its messages go out one per line.
  const emit = (text) => {
    if (typeof text !== 'string') throw new Error('the runner gave no answer');
    const step = JSON.parse(text);
    const messages = Array.isArray(step.messages) ? step.messages : [];
    for (const message of messages) {
      stdout.write(JSON.stringify(message) + '\n');
      if (message && message.event === 'ended') done = true;
    }
    running = step.running === true;
    if (done) stdout.end(() => exit(0));
  };

  const slice = () => {
    let text;
    try {
      text = evaluate('blockyardSandbox.debugSlice()', timeLimitMs);
    } catch (error) {
      if (!error || error.code !== 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw error;
      text = evaluate('blockyardSandbox.debugInterrupted()', 10_000);
    }
    emit(text);
  };

  const pump = () => {
    try {
      while (lines.length > 0 && !done) {
        const line = lines.shift();
        if (!context) {
          const request = JSON.parse(line);
          timeLimitMs = request.timeLimitMs;
          realTime = request.realTime !== false;
          sliceMs = request.sliceMs;
          context = prepare(request);
          emit(evaluate('blockyardSandbox.debugStart($job, $factory)', 10_000));
          continue;
        }
        context.$command = line;
        emit(evaluate('blockyardSandbox.debugCommand($command)', timeLimitMs));
      }
    } catch (error) {
      done = true;
      fail(`The sandbox could not debug the program: ${error && error.message ? error.message : String(error)}`);
      return;
    }
    // Between slices, the event loop reads commands (a pause can come while the program runs).
    if (!running) nextSliceAt = 0;
    if (running && !done && !scheduled) {
      scheduled = true;
      const now = Date.now();
      nextSliceAt = realTime ? Math.max(now, nextSliceAt === 0 ? now : nextSliceAt + sliceMs) : now;
      setTimeout(() => {
        scheduled = false;
        if (lines.length === 0 && !done) {
          try {
            slice();
          } catch (error) {
            done = true;
            fail(`The sandbox could not debug the program: ${error && error.message ? error.message : String(error)}`);
            return;
          }
        }
        pump();
      }, nextSliceAt - now);
    }
  };

  stdin.setEncoding('utf8');
  stdin.on('data', (chunk) => {
    buffer += chunk;
    for (let newline = buffer.indexOf('\n'); newline >= 0; newline = buffer.indexOf('\n')) {
      lines.push(buffer.slice(0, newline));
      buffer = buffer.slice(newline + 1);
    }
    pump();
  });
  // The parent went away: nothing more to do.
  stdin.on('end', () => exit(0));
}
