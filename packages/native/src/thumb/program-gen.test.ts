import { createMicrobitCompiler } from '@blockyard/board-microbit';
import { formatDiagnostic } from '@blockyard/language';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { readU32 } from '../binary/bytes.ts';
import { lookupRuntimeEntry } from '../firmware/runtime-function-table.ts';
import { compileForDevice } from './compile-for-device.ts';
import { DEVICE_LIBRARY_FILE, DEVICE_LIBRARY_FUNCTIONS } from './device-library.ts';
import { NATIVE_UNSUPPORTED_CODE } from './native-diagnostics.ts';

const compiler = createMicrobitCompiler(ts);
const build = (source: string) => compileForDevice(compiler, { 'main.ts': source }, { name: 'unit' });
// Every API function runs on the radio firmware (docs/api-coverage.md); the Bluetooth firmware has
// no radio, so its radio functions are the calls that do not run.
const buildForBluetooth = (source: string) =>
  compileForDevice(compiler, { 'main.ts': source }, { name: 'unit', flavor: 'bluetooth' });

describe('the Thumb code generator', () => {
  it('makes a program object that starts with the main action and whose relocations are sound', () => {
    const result = build('let n = 2\nbasic.showNumber(n * 21)\nserial.writeLine("hi")\n');
    expect(result.diagnostics).toEqual([]);
    const object = result.object!;
    // The code starts with main's RefAction literal: vtable (a runtime address), 0, 0, code | 1.
    expect(object.relocations).toContainEqual({ kind: 'runtime-address', at: 0, name: 'pxt::RefAction_vtable' });
    expect(object.relocations).toContainEqual({ kind: 'program-address', at: 8 });
    expect(readU32(object.code, 8) & 1).toBe(1);
    for (const relocation of object.relocations) {
      expect(relocation.at % 2).toBe(0);
      expect(relocation.at).toBeLessThanOrEqual(object.code.length - 4);
      if (relocation.kind !== 'program-address') expect(lookupRuntimeEntry(relocation.name)).toBeDefined();
      else expect(readU32(object.code, relocation.at)).toBeLessThan(object.code.length + 1);
    }
    // Slot 0, `n`, and the device library's own globals (bar graph scale 2, serial padding and writer 2, tempo 1, music 9,
    // game 11, radio 7): every program has them, used or not (a word each).
    expect(object.header.globals).toBe(34);
    expect(
      object.relocations.filter((r) => r.kind === 'runtime-call').map((r) => r.kind === 'runtime-call' && r.name),
    ).toContain('basic::showString');
  });

  it('compiles only the device library functions a program reaches', () => {
    const plain = build('led.plot(1, 2)\n');
    expect(plain.assembly).not.toMatch(/img_/);
    expect(plain.assembly).not.toMatch(/__device_/);
    const icon = build('basic.showIcon(IconNames.Heart)\n');
    expect(icon.assembly).toMatch(/__device_basic\.showIcon/);
    expect(icon.assembly).toMatch(/img_39:/); // all 40 icons and the blank fallback
  });

  it('compiles every device library function', () => {
    const calls = [
      'basic.showNumber(1.5)',
      'basic.showIcon(IconNames.Happy)',
      'basic.showArrow(ArrowNames.North)',
      'images.iconImage(IconNames.Sad).showImage(0)',
      'images.arrowImage(ArrowNames.East).showImage(0)',
      'serial.writeLine("a")',
      'serial.writeString("b")',
      'serial.writeBuffer(pins.createBuffer(1))',
      'serial.writeNumber(2)',
      'serial.writeValue("x", 3)',
      'let p = led.point(1, 1)',
      'led.toggle(1, 1)',
      'led.plotBarGraph(3, 10)',
      'music.setTempo(100)',
      'music.changeTempoBy(10)',
      'music.playTone(music.noteFrequency(Note.C), music.beat(BeatFraction.Half) + music.tempo())',
      'music.rest(10)',
      'let m = Math.abs(-1) + Math.max(1, 2) + Math.min(1, 2) + Math.sign(-3) + Math.map(5, 0, 10, 0, 100)',
      'let pi = Math._constant(Math.PI)',
      'let text = convertToText(3) + convertToText(true)',
      'music.setPlayTone(function (f, ms) {})',
      'music.play(music.stringPlayable("C D", 120), music.PlaybackMode.UntilDone)',
      'music.play(music.tonePlayable(262, 100), music.PlaybackMode.InBackground)',
      'music._playDefaultBackground(music.builtInPlayableMelody(Melodies.Nyan), music.PlaybackMode.LoopingInBackground)',
      'let notes = music.builtInMelody(Melodies.Ode)',
      'music.playMelody("C D", 100)',
      'music.stopAllSounds()',
      'music.ringTone(440)',
      'music.play(music.stringPlayable(music.melodyEditor("C D"), 120), music.PlaybackMode.InBackground)',
      'music.startMelody(music.builtInMelody(Melodies.Entertainer), MelodyOptions.ForeverInBackground)',
      'music.beginMelody(["c4:1", "e"])',
      'music.stopMelody(MelodyStopOptions.All)',
      'music.onEvent(MusicEvent.MelodyNotePlayed, function () {})',
      'let tone = music.tonePlayable(440, 10)',
      'tone._play(music.PlaybackMode.UntilDone)',
      'tone.loop()',
      'let looped = tone.stopped',
      'let tp = music.tonePlayable(1, 2) as music.TonePlayable',
      'let pd = tp.pitch + tp.duration',
      'soundExpression.giggle.play()',
      'soundExpression.happy.playUntilDone()',
      'let hello = soundExpression.hello.getNotes() + music.builtinSoundEffect(soundExpression.mysterious)',
      'music.play(music.builtinPlayableSoundEffect(soundExpression.sad), music.PlaybackMode.LoopingInBackground)',
      'music.play(soundExpression.slide, music.PlaybackMode.InBackground)',
      'music.play(music.createSong(hex`00780004080100`), music.PlaybackMode.UntilDone)',
      'let x = [soundExpression.soaring, soundExpression.spring, soundExpression.twinkle, soundExpression.yawn]',
      'music.playSoundEffect(music.createSoundEffect(WaveShape.Sine, 5000, 0, 255, 0, 500, SoundExpressionEffect.None, InterpolationCurve.Linear), SoundExpressionPlayMode.InBackground)',
      'music.createSoundExpression(WaveShape.Noise, 1, 2, 3, 4, 5, SoundExpressionEffect.Warble, InterpolationCurve.Curve).playUntilDone()',
      'let sp = game.createSprite(2, 2)',
      'let sp2 = new game.LedSprite(1, 1)',
      'let tp2 = new music.TonePlayable(440, 20)',
      'let se = new SoundExpression("giggle")',
      'let other = game.invalidSprite()',
      'sp.move(1); sp.goTo(1, 1); sp.ifOnEdgeBounce(); sp.turn(Direction.Left, 45); sp.turnRight(45); sp.turnLeft(90)',
      'sp.set(LedSpriteProperty.X, 2); sp.change(LedSpriteProperty.Y, 1); let g = sp.get(LedSpriteProperty.Blink)',
      'sp.setDirection(90); let xy = sp.x() + sp.y() + sp.direction() + sp.brightness() + sp.blink()',
      'sp.setX(1); sp.setY(2); sp.changeXBy(1); sp.changeYBy(-1); sp.on(); sp.off(); sp.setBrightness(9)',
      'sp.changeBrightnessBy(3); sp.changeDirectionBy(45); sp.setBlink(100); sp.changeBlinkBy(10)',
      'let t = sp.isTouching(sp) || sp.isTouchingEdge() || sp.isDeleted(); sp.delete()',
      'game.addScore(1); game.setScore(2); let sc = game.score() + game.life() + game.level() + game.currentTime()',
      'game.setLife(3); game.addLife(1); game.removeLife(1); game.levelUp(); game.startStopwatch(); game.showScore()',
      'let st = game.isRunning() || game.isGameOver() || game.isPaused(); game.pause(); game.resume()',
      'game.startCountdown(1000); game.gameOver()',
      'radio.sendNumber(1)',
      'radio.sendValue("a", 2)',
      'radio.sendString("b")',
      'radio.sendBuffer(control.createBuffer(3))',
      'radio.setTransmitSerialNumber(true)',
      'radio.onReceivedNumber(function (n) {})',
      'radio.onReceivedValue(function (name, v) {})',
      'radio.onReceivedString(function (s) {})',
      'radio.onReceivedBuffer(function (b) {})',
      'let signal = radio.receivedPacket(radio._packetProperty(RadioPacketProperty.SignalStrength))',
      'led.plotAll(); led.toggleAll(); led.fadeIn(); led.fadeOut(100)',
      'serial.writeNumbers([1, 2]); serial.setWriteLinePadding(0); let d = serial.delimiters(Delimiters.Comma)',
      'console.log(1); console.logValue("a", 2)',
      'input.onShake(function () {}); input.onScreenUp(function () {}); input.onScreenDown(function () {})',
      'input.onLogoUp(function () {}); input.onLogoDown(function () {}); input.calibrate()',
      'loops.everyInterval(loops.__timePicker(500), function () {}); control.runInParallel(function () {})',
      'let ids = control.eventSourceId(EventBusSource.MICROBIT_ID_BUTTON_A) + control.eventValueId(EventBusValue.MICROBIT_EVT_ANY)',
      'let misc = images.arrowNumber(ArrowNames.North) + pins.map(1, 0, 2, 0, 4) + pins.sizeOf(NumberFormat.Int8LE)',
      'let pinValues = pins._digitalPin(DigitalPin.P1) + pins._analogPin(AnalogPin.P2)',
      'let shadows = pins._digitalPinShadow(DigitalPin.P1) + pins._analogPinShadow(AnalogPin.P2) + pins._analogReadWritePinShadow(AnalogReadWritePin.P0)',
      'let joined = [1, 2].slice(-1).join("-") + (5).toString() + (255).toString(16) + String(1 / 3)',
      'let ls = [3, 1]; ls.reverse(); ls.unshift(ls.shift()); ls.set(0, ls.get(-1)); let has = ls.includes(1) || isNaN(ls._pickRandom())',
      'let tx = "Ab".toUpperCase() + "Ab".toLowerCase() + "abc".slice(1) + "abc".substring(1, 2) + "a,b".split(",").length + "".isEmpty() + "a".toString() + (true).toString() + parseFloat("1.5")',
      'let parsed = parseInt("0x1f") + parseInt("12", 8) + Math.pow(4, 0.5); let fx = (1.5).toFixed(1) + [1].concat([2], 3).length',
      'let sorted = [3, 1].sort((x, y) => x - y).concat([2, 1].sort()); let kept = sorted.filter((x, i) => x > i).map((x) => x * 2)',
      'sorted.forEach((x, i) => serial.writeNumber(x + i)); let sum = sorted.reduce((s, x, i) => s + x, 0) + sorted.find((x) => x > 1) + sorted.findIndex((x, i) => x > i)',
      'let any = sorted.some((x) => x > 2) || sorted.every((x, i) => i >= 0)',
      'let tw = "ab".startsWith("a") && "ab".endsWith("b", 2) && "ab".includes("b", 1) ? "ab".lastIndexOf("b") + " x ".trim().concat("y") : ""',
      'let tr = "aba".replace("a", "$&") + "aba".replaceAll("a", "") + "ab".repeat(3) + String.fromCharCode(72, 105) + Math.max(1, 2, 3) + Math.min(4)',
      'let mc = Math.constrain(5, 1, 3) + Math.roundWithPrecision(1.25, 1) + (Math.randomBoolean() ? 1 : 0)',
      'let nc = Number.isNaN(mc) || Number.isInteger(mc) || Boolean(mc) || Array.isArray([mc])',
      'let nk = Number.MAX_SAFE_INTEGER + Number.MIN_SAFE_INTEGER + Number.MAX_VALUE + Number.EPSILON',
      'let cut = [1, 2, 3].fill(0, -2).splice(1, 1).length + [4, 5].splice(-1).length + [1, 1].lastIndexOf(1, -1)',
      'let listed = Array.isArray(sorted)',
      'let num = Number(" 12 ") + Number(true)',
      'let bb = control.createBuffer(2).concat(control.createBuffer(1))',
      'let bn = bb.equals(bb) ? bb.indexOf(bb, 0) : bb.toArray(NumberFormat.Int8LE).length + bb.chunked(1).length',
      'pins.i2cWriteNumber(8, 1, NumberFormat.Int8LE); let i2 = pins.i2cReadNumber(8, NumberFormat.Int8LE)',
      'let rl = serial.readLine()',
      'let rn = radio.receiveNumber() + radio.receivedNumber() + radio.receivedTime() + radio.receivedSerial()',
      'let rs = radio.receiveString() + radio.receivedString() + radio.receivedBuffer().length + radio.receivedSignalStrength()',
      'radio.writeValueToSerial(); radio.writeReceivedPacketToSerial()',
      'radio.sendMessage(radio.__message(3)); radio.onReceivedMessage(3, function () {})',
      'radio.onDataPacketReceived(function (p) { serial.writeLine(p.receivedString + p.receivedNumber + p.receivedBuffer.length + p.time + p.serial + p.signal) })',
    ];
    const result = build(calls.join('\n') + '\n');
    expect(result.diagnostics.map(formatDiagnostic)).toEqual([]);
    for (const fn of DEVICE_LIBRARY_FUNCTIONS.values()) expect(result.assembly).toContain(`@ ${fn}\n`);
  });

  it('runs radio packets through the firmware raw packet functions, not the stand-ins', () => {
    const result = build(
      'radio.setGroup(7)\nradio.onReceivedNumber(function (n) { serial.writeNumber(n) })\nradio.sendNumber(2)\n',
    );
    expect(result.diagnostics.map(formatDiagnostic)).toEqual([]);
    const calls = result.object!.relocations.flatMap((r) => (r.kind === 'runtime-call' ? [r.name] : []));
    for (const name of ['radio::setGroup', 'radio::onDataReceived', 'radio::readRawPacket', 'radio::sendRawPacket'])
      expect(calls).toContain(name);
    expect(calls).toContain('BufferMethods::setNumber');
    // The placeholder bodies are never compiled.
    expect(result.assembly).not.toMatch(/@ __firmware_/);
  });

  it('names a call that does not run on the board yet, at its statement, and makes no image', () => {
    const result = buildForBluetooth('basic.showString("a")\nradio.setGroup(5)\n');
    expect(result.object).toBeUndefined();
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        file: 'main.ts',
        line: 2,
        column: 1,
        code: NATIVE_UNSUPPORTED_CODE,
        message: 'radio.setGroup does not run on the micro:bit yet.',
      }),
    ]);
  });

  it('refuses constructs it cannot compile yet in plain words', () => {
    const result = build('let o = { x: 1 }\nbasic.showNumber(o.x)\n');
    expect(result.object).toBeUndefined();
    expect(result.diagnostics[0]!.message).toMatch(
      /object literal or interface cannot be compiled for the micro:bit yet/,
    );
    // A splice puts in any number of items, spread ones too, and a list literal spreads lists;
    // Math.max takes any number of values as one list; other calls do not take a spread list yet.
    expect(build('let a = [1, 2]\nlet r = a.splice(0, 1, 5, 6, 7, 8, 9)\n').diagnostics).toEqual([]);
    expect(build('let a = [1, 2]\nlet r = a.splice(0, 1, ...a, 3)\nlet b = [0, ...a]\n').diagnostics).toEqual([]);
    expect(build('let a = [1, 2]\nbasic.showNumber(Math.max(...a))\n').diagnostics).toEqual([]);
    const rest =
      'function sum(...xs: number[]) {\n    return xs.length\n}\nlet a = [1, 2]\nbasic.showNumber(sum(...a))\n';
    expect(build(rest).diagnostics[0]!.message).toBe(
      "Passing a list's values with ... cannot be compiled for the micro:bit yet: pass each value on its own.",
    );
  });

  it('compiles classes: vtables in flash, fields inline, virtual calls through the vtable', () => {
    const result = build(
      [
        'class A { x = 1; constructor(public y: number) {} f() { return this.x } get g() { return 2 } }',
        'class B extends A { z = 3; f() { return this.z } }',
        'class C { }',
        'let items: A[] = [new A(5), new B(6)]',
        'for (let a of items) serial.writeNumber(a.f() + a.g + a.y)',
        'serial.writeLine("" + (items[1] instanceof B))',
      ].join('\n'),
    );
    expect(result.diagnostics.map(formatDiagnostic)).toEqual([]);
    const asm = result.assembly;
    // Only instantiated classes get a vtable: A (x, y: 12 bytes) and B (x, y, z: 16 bytes).
    expect(asm).toMatch(/vt_0: @ A\n\.short 12\n\.byte 4, 0xF9\n\.word it_0\n\.short 16, 0/);
    expect(asm).toMatch(/vt_1: @ B\n\.short 16\n\.byte 4, 0xF9\n\.word it_1\n\.short 17, 0/);
    expect(asm).not.toMatch(/vt_2:/);
    const names = result.object!.relocations.map((r) => (r.kind === 'program-address' ? '' : r.name));
    for (const name of [
      'pxt::mkClassInstance',
      'pxt::RefRecord_destroy',
      'pxt::RefRecord_scan',
      'pxt::RefRecord_gcsize',
    ]) {
      expect(names).toContain(name);
    }
    // f is overridden: called through slot 0 of the vtable (byte 36); the getter through slot 1.
    expect(asm).toMatch(/ldr r0, \[r0, #36\]\nblx r0/);
    expect(asm).toMatch(/ldr r0, \[r0, #40\]\nblx r0/);
    // instanceof B: class numbers 17 to 17 (B has no subclasses).
    expect(asm).toMatch(/ldrh r1, \[r1, #8\]\nldr r2, =17\ncmp r1, r2\nblo \S+\nldr r2, =17/);
  });

  it('makes "" the firmware\'s own empty string, which its toBool and concat know by address', () => {
    const result = build('let s = ""\nif (s) serial.writeLine("x" + s)\nlet t = "" + s\n');
    expect(result.diagnostics).toEqual([]);
    const calls = result.object!.relocations.flatMap((r) => (r.kind === 'runtime-call' ? [r.name] : []));
    expect(calls).toContain('String_::mkEmpty');
    // No empty literal of the program's own, and `"" + s` is s as text (no join).
    expect(result.assembly).not.toMatch(/\.short 0\n/);
  });

  it('stores hex literals as read-only buffers in flash', () => {
    const result = build('let b = hex`0aff00`\nserial.writeNumber(b.getUint8(1) + b.length)\n');
    expect(result.diagnostics.map(formatDiagnostic)).toEqual([]);
    // The buffer's vtable (a runtime address), its length, its bytes.
    expect(result.assembly).toMatch(/buf_0:\n_rd_\d+: \.word 0 @ pxt::buffer_vt\n\.word 3\n\.byte 10, 255, 0\n/);
  });

  it('refuses instanceof on a value not typed as a class', () => {
    const result = build('class A { }\nlet v: any = 1\nserial.writeLine("" + (v instanceof A))\n');
    expect(result.diagnostics[0]!.message).toMatch(/instanceof on a value that is not typed as a class/);
  });

  it('names every unsupported call with its statement, not only the first', () => {
    const result = buildForBluetooth(
      [
        'radio.setGroup(1)', // line 1
        'basic.showNumber(2)',
        // (the radio functions return nothing: a list of two is how one expression makes two calls)
        'if ([radio.off(), radio.setTransmitPower(2)].length > 0) {', // line 3: test refused, body still read
        '    radio.on()', // line 4
        '}',
        'function f() {',
        '    serial.writeLine("a" + [radio.setFrequencyBand(1), radio.raiseEvent(1, 2)].length)', // line 7: two calls
        '    for (let i = 0; i < 2; i++) {',
        '        radio.setGroup(i)', // line 9
        '        break',
        '    }',
        '}',
        'f()',
        'radio.setGroup(3)', // line 14
      ].join('\n'),
    );
    expect(result.object).toBeUndefined();
    const named = result.diagnostics.map((d) => `${d.line}: ${d.message}`);
    expect(named).toEqual([
      '1: radio.setGroup does not run on the micro:bit yet.',
      // The first refusal of a statement, then its other calls in order.
      '3: radio.off does not run on the micro:bit yet.',
      '3: radio.setTransmitPower does not run on the micro:bit yet.',
      '4: radio.on does not run on the micro:bit yet.',
      '7: radio.setFrequencyBand does not run on the micro:bit yet.',
      '7: radio.raiseEvent does not run on the micro:bit yet.',
      '9: radio.setGroup does not run on the micro:bit yet.',
      '14: radio.setGroup does not run on the micro:bit yet.',
    ]);
    for (const d of result.diagnostics) {
      expect(d.code).toBe(NATIVE_UNSUPPORTED_CODE);
      expect(d.file).toBe('main.ts');
      expect(d.column).toBeGreaterThan(0);
    }
  });

  it('passes arguments with as little code as their order and the collector allow', () => {
    const main = (source: string) => {
      const result = build(source);
      expect(result.diagnostics).toEqual([]);
      const text = result.assembly;
      const start = text.indexOf('@ main.ts:');
      return text.slice(start, text.indexOf('\npop {pc}', start));
    };
    // Constant firmware arguments go straight into their registers, in their formats.
    expect(main('basic.pause(10)\n')).toMatch(
      /movs r0, #10\nmov r7, sp\nstr r7, \[r6, #4\]\n_rc_\d+: bl _rc_\d+ @ basic::pause/,
    );
    // A call among constants is computed first (pushed last first); two calls keep their order
    // through zeroed words filled left to right.
    const oneCall = main('function f(a: number, b: number) { return a - b }\nlet n = f(randint(1, 3), 2)\n');
    expect(oneCall).toMatch(/movs r0, #5\npush \{r0\}\n[^]*Math_::randomRange\npush \{r0\}\nbl fn_/);
    const twoCalls = main(
      'function f(a: number, b: number) { return a - b }\nlet n = f(randint(1, 3), randint(4, 6))\n',
    );
    expect(twoCalls).toMatch(
      /movs r0, #0\npush \{r0\}\npush \{r0\}\n[^]*str r0, \[sp, #0\][^]*str r0, \[sp, #4\]\nbl fn_/,
    );
  });

  it('chooses short or long jumps and branches so that loops of any length around the limit assemble', () => {
    // About 2 KB of loop body lies between 40 and 160 of these statements (`n` is a global past
    // the device library's 31 slots: each access takes an offset in r3).
    const kinds = new Set<string>();
    for (let count = 40; count <= 160; count += 12) {
      const body = Array.from({ length: count }, (_, i) => `    n = n + ${i}`).join('\n');
      const result = build(`let n = 0\nwhile (n >= 0) {\n${body}\n    if (n > 5) break\n}\nbasic.showNumber(n)\n`);
      expect(result.diagnostics, `${count} statements`).toEqual([]);
      expect(result.object, `${count} statements`).toBeDefined();
      kinds.add(/\bbl L\d+_loop\b/.test(result.assembly) ? 'long' : 'short');
      // The loop's exit test jumps past the whole body: beyond a conditional branch's 256 bytes.
      expect(result.assembly, `${count} statements`).toMatch(/\bbeq (L\d+_loop_end)_far\d+\nbl \1\n/);
    }
    expect([...kinds].sort()).toEqual(['long', 'short']);
    // Eleven whole builds: slow on a loaded shared machine.
  }, 120_000);

  it('refuses a learner file that takes the device library name', () => {
    const result = compileForDevice(compiler, { 'main.ts': '', [DEVICE_LIBRARY_FILE]: '' });
    expect(result.object).toBeUndefined();
    expect(result.diagnostics[0]!.message).toMatch(/Rename the file/);
  });

  it('switches to long jumps when a function is too long for short branches', () => {
    const body = Array.from({ length: 400 }, (_, i) => `    serial.writeNumber(${i})`).join('\n');
    const result = build(`let go = true\nwhile (go) {\n${body}\n    go = false\n}\nserial.writeLine("end")\n`);
    expect(result.diagnostics).toEqual([]);
    expect(result.assembly).toMatch(/\bbl L\d+_loop\b/);
    // Only the long function: the device library's short ones keep their 2-byte jumps.
    const writeLine = result.assembly.slice(result.assembly.indexOf('@ __device_serial.writeLine'));
    const writeLineCode = writeLine.slice(0, writeLine.indexOf('.ltorg'));
    expect(writeLineCode).toMatch(/\bb L\d+/);
    expect(writeLineCode).not.toMatch(/\bbl L\d+/);
    // Every relocation label the object names is in the text once (the dropped attempt left none).
    for (const relocation of result.object!.relocations) expect(relocation.at).toBeLessThan(result.object!.code.length);
  });

  it('times its phases when given a clock, front end and back end, and only then', () => {
    let clock = 0;
    const timed = compileForDevice(compiler, { 'main.ts': 'basic.showNumber(7)\n' }, { now: () => (clock += 1) });
    expect(Object.keys(timed.timings ?? {})).toEqual([
      'program',
      'syntax',
      'check',
      'analysis',
      'lower',
      'generate',
      'assemble',
      'object',
    ]);
    for (const ms of Object.values(timed.timings!)) expect(ms).toBe(1);
    expect(build('basic.showNumber(7)\n').timings).toBeUndefined();
  });
});
