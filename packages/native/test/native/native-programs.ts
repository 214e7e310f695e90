// Programs for the native behaviour suite: each runs in our simulator and, compiled by our
// Thumb back end, on the emulated V1 board; both must print the same lines and end on the same
// LED picture. Each program ends in a still picture so the final frame is well defined.

import { DEMO_SONG_HEX } from '../../../boards/microbit/src/test/demo-song.ts';

export interface NativeProgramCase {
  name: string;
  source: string;
  /**
   * Press button A: in the simulator at `simulatorAt` ms; in QEMU once line `to` is printed,
   * `virtualMs` of program time after line `from` (used to measure the emulator's speed).
   */
  pressA?: { simulatorAt: number; from: string; to: string; virtualMs: number };
  /** Virtual ms the simulator runs. */
  timeMs?: number;
  /** Wall ms to wait for the device's last line (QEMU slows down with the machine's load). */
  deviceWaitMs?: number;
}

/**
 * 300 globals after the device library's: their offsets pass a load's reach (124 bytes), a `movs`
 * (255) and a `movs` + shift (1,020), so every way of reaching a global runs; with arithmetic on
 * small literals that leaves the small-integer range (the runtime's boxed slow path).
 */
function manyGlobalsSource(): string {
  const lines: string[] = [];
  for (let i = 0; i < 300; i++) lines.push(`let g${i} = ${i}`);
  for (let i = 0; i < 300; i += 7) lines.push(`g${i} += 2`);
  const sum = Array.from({ length: 300 }, (_, i) => `g${i}`).join(' + ');
  lines.push(
    `serial.writeLine("sum " + (${sum}))`,
    'serial.writeLine("ends " + g0 + " " + g124 + " " + g299)',
    'let big = 1073741823',
    'big += 1',
    'let before = big++',
    'serial.writeLine("big " + before + " " + big + " " + (big - 2) + " " + (big * 2))',
    'let n = 5',
    'let old = n--',
    'serial.writeLine("n " + old + " " + n + " " + (n << 3) + " " + (n > 3) + " " + (n % 3))',
    'basic.pause(20)',
    'basic.showNumber(4)',
  );
  return lines.join('\n') + '\n';
}

export const NATIVE_PROGRAMS: readonly NativeProgramCase[] = [
  {
    // Operator helpers keep their operands on the stack themselves while the runtime allocates
    // (boxed numbers, text), and arguments are pushed last first only where the order of their
    // effects cannot show: both under enough allocation for many collections.
    name: 'operands and arguments stay alive and in order through collections',
    source: `
let order = ""
function note(s: string, v: number): number {
    order = order + s
    return v
}
function three(a: number, b: number, c: number): number {
    return a * 100 + b * 10 + c
}
let counter = 0
function bump(): number {
    counter += 1
    return counter
}
serial.writeLine("args " + three(note("a", 1), note("b", 2), note("c", 3)) + " " + order)
serial.writeLine("mixed " + three(bump(), counter, bump()) + " " + three(counter, bump(), 7) + " " + three(4, bump(), 5))
let text = ""
let f = 0.5
let total = 0
let big = 1073741800
for (let i = 0; i < 1500; i++) {
    let piece = "x" + i
    text = piece + (i % 10) + "/" + typeof f + (~i)
    f = f * 1.5 + 0.25
    if (f > 1000) f = f / 1000 - 0.125
    total = total + f * 2
    big = big + i % 7
    let step = i % 3
    big = big - step
}
serial.writeLine(text)
serial.writeLine("total " + Math.round(total) + " big " + big)
basic.showNumber(counter)
`,
  },
  {
    // Comparisons branch on the flags their helper leaves, on the fast and the slow (runtime)
    // path; text joined to a literal on either side converts the other side.
    name: 'conditions on comparisons and text joined to literals',
    source: `
let x = 2.5
let n = 3
let seen = ""
if (x > 2) seen = seen + "a"
if (x < 2) seen = seen + "b"
if (!(x >= 3)) seen = seen + "c"
if (n <= 3) seen = seen + "d"
if ("apple" < "banana") seen = seen + "e"
if (n === 3 && x !== 2.5) seen = seen + "f"
if (n == 3 || x == 1) seen = seen + "g"
let k = 0
while (x < 100) {
    x = x * 2
    k++
}
let flag = x > 50
serial.writeLine(seen + " " + k + " " + flag + " " + !flag)
let u: number
serial.writeLine("n=" + n)
serial.writeLine(x + " is x")
serial.writeLine("t " + true + " " + null + " " + u + " " + [1, 2].length)
serial.writeLine("" + (n > 1) + " done")
basic.showNumber(k)
`,
  },
  {
    name: 'many globals and arithmetic on small literals',
    source: manyGlobalsSource(),
  },
  {
    // DAL drops a serial write made while another fiber's write is going out: before the device
    // library took turns, only "one" of the fibers started in on-start printed.
    name: 'fibers started before the first wait all print',
    source: `
let ticks = 0
control.inBackground(function () {
    serial.writeLine("one")
})
control.inBackground(function () {
    serial.writeLine("two")
})
basic.forever(function () {
    if (ticks < 2) serial.writeLine("forever " + ticks)
    ticks += 1
    basic.pause(500)
})
control.runInParallel(function () {
    serial.writeString("three\\r\\n")
})
basic.pause(2000)
serial.writeLine("done")
`,
  },
  {
    name: 'display: icon, LEDs, plot, clear',
    source: `
basic.showIcon(IconNames.Heart)
basic.pause(100)
basic.clearScreen()
led.plot(0, 0)
led.plot(4, 4)
serial.writeLine("plotted " + (led.point(4, 4) ? "yes" : "no"))
basic.showLeds(\`
    # . . . #
    . # . # .
    . . # . .
    . # . # .
    # . . . #
    \`)
serial.writeLine("shown")
`,
  },
  {
    name: 'arithmetic, functions, recursion, loops',
    source: `
function factorial(n: number): number {
    if (n <= 1) return 1
    return n * factorial(n - 1)
}
function fib(n: number) {
    let a = 0
    let b = 1
    for (let i = 0; i < n; i++) {
        let t = a + b
        a = b
        b = t
    }
    return a
}
let total = 0
let k = 10
while (k > 0) {
    total += k
    k--
}
serial.writeLine("sum " + total)
serial.writeLine("fact " + factorial(10))
serial.writeLine("fib " + fib(20))
serial.writeValue("half", 7 / 2)
serial.writeValue("neg", -5 - 3)
serial.writeLine("big " + 1000000 * 3000)
serial.writeLine("mod " + (17 % 5) + " idiv " + Math.idiv(17, 5))
serial.writeLine("abs " + Math.abs(-4) + " max " + Math.max(3, 9) + " min " + Math.min(3, 9))
serial.writeLine("cmp " + (3 < 4) + " " + (4 <= 3) + " " + (2 == 2) + " " + (2 != 2))
basic.showNumber(7)
`,
  },
  {
    // None of these panics on the device, as none stops the simulator: the firmware answers
    // Infinity, NaN, 0, undefined or "" as JavaScript does (packages/native/README.md, Panics).
    name: 'division by zero and reads out of range (no panic)',
    source: `
serial.writeValue("inf", 1 / 0)
serial.writeValue("ninf", -1 / 0)
serial.writeValue("nan", 5 % 0)
serial.writeValue("idiv", Math.idiv(7, 0))
let list = [1, 2, 3]
serial.writeLine("past " + list[10])
serial.writeLine("char " + "abc".charAt(10) + "|")
serial.writeValue("code", "abc".charCodeAt(10))
list[5] = 6
serial.writeValue("len", list.length)
serial.writeLine("hole " + list[4])
serial.writeLine("removed " + list.removeAt(20))
basic.showNumber(1)
`,
  },
  {
    name: 'strings, lists, switch, logic',
    source: `
let names = ["ada", "bo", "cy"]
names.push("dee")
let text = ""
for (let name of names) {
    text = text + name.charAt(0)
}
serial.writeLine(text + " " + names.length)
let list: number[] = []
for (let i = 0; i < 5; i++) list.push(i * i)
list[1] = 42
serial.writeLine("list " + list[1] + " " + list[4] + " " + list.indexOf(16))
function describe(n: number): string {
    switch (n) {
        case 1: return "one"
        case 2: return "two"
        default: return "many"
    }
}
serial.writeLine(describe(1) + describe(2) + describe(5))
let ok = true
if (ok && !(names.length > 10) || false) serial.writeLine("logic ok")
serial.writeLine(\`template \${1 + 2} end\`)
basic.showString("Hi")
basic.showIcon(IconNames.Yes)
`,
  },
  {
    name: 'events: forever, button A, globals',
    pressA: { simulatorAt: 1000, from: 'tick 3', to: 'tick 5', virtualMs: 400 },
    timeMs: 3000,
    source: `
let ticks = 0
let presses = 0
input.onButtonPressed(Button.A, function () {
    presses += 1
    serial.writeLine("A " + presses)
    basic.showIcon(IconNames.Happy)
})
basic.forever(function () {
    if (ticks < 5) {
        ticks += 1
        serial.writeLine("tick " + ticks)
    }
    basic.pause(200)
})
`,
  },
  {
    name: 'bar graph, tempo, tones, note frequencies',
    source: `
led.plotBarGraph(30, 40)
music.setTempo(60)
serial.writeLine("beat " + music.beat(BeatFraction.Half) + " tempo " + music.tempo())
music.changeTempoBy(60)
serial.writeLine("beat " + music.beat())
music.playTone(music.noteFrequency(Note.C), 100)
serial.writeLine("A4 " + music.noteFrequency(Note.A) + " C5 " + music.noteFrequency(Note.C5))
music.rest(50)
serial.writeLine("done")
`,
  },
  {
    name: 'closures: captured and shared variables, function values',
    source: `
function makeCounter(start: number) {
    let count = start
    return () => {
        count += 1
        return count
    }
}
function apply(f: (n: number) => number, x: number) {
    return f(x)
}
let c = makeCounter(10)
c()
serial.writeLine("counter " + c())
serial.writeLine("apply " + apply((n: number) => n * 2, 21))
function adder(k: number) {
    return (n: number) => n + k
}
let add3 = adder(3)
serial.writeLine("adder " + add3(4) + " " + apply(add3, 10))
function later(message: string) {
    basic.forever(function () {
        serial.writeLine(message)
        basic.pause(100000)
    })
}
later("from a handler")
basic.showIcon(IconNames.Square)
`,
  },
  {
    name: 'music: playables, melodies and built-in melodies',
    // Every tone goes through music.setPlayTone's handler, which prints it: the simulator's
    // melody player and the device library must play the same notes for the same time.
    timeMs: 10000,
    deviceWaitMs: 120_000,
    source: `
music.setPlayTone(function (frequency: number, duration: number) {
    serial.writeString("t " + frequency + " " + duration + "\\n")
})
music.play(music.stringPlayable("C D E F G A B C5", 120), music.PlaybackMode.UntilDone)
serial.writeLine("editor melody")
music.play(music.stringPlayable("E:2 D#5:8 Bb3 - r:1 C C#2 D3 G#6 A8 b B", 200), music.PlaybackMode.UntilDone)
serial.writeLine("notation")
music.play(music.tonePlayable(440, 300), music.PlaybackMode.UntilDone)
music.playMelody("C D - E", 60)
music.rest(25)
music.setTempo(90)
for (let m of [Melodies.Dadadadum, Melodies.Punchline, Melodies.BaDing, Melodies.JumpDown, Melodies.PowerDown]) {
    music.play(music.builtInPlayableMelody(m), music.PlaybackMode.UntilDone)
    serial.writeLine("melody " + m + " " + music.builtInMelody(m).length)
}
music.play(music.tonePlayable(262, 50), music.PlaybackMode.InBackground)
basic.pause(100)
serial.writeLine("done")
basic.showIcon(IconNames.EigthNote)
`,
  },
  {
    name: 'music: melody events, start and stop melody, foreground over background',
    // Every event handler adds the event's name to a log that is printed between notes (never
    // at a note's edge), so the lines depend only on the order of the events. Whether a handler's
    // own output comes before or after the fiber that raised the event differs (DAL runs a
    // handler when the raising fiber waits), so handlers do not print.
    timeMs: 8000,
    deviceWaitMs: 120_000,
    source: `
let log = ""
let tones = 0
music.setPlayTone(function (frequency: number, duration: number) {
    tones += 1
    basic.pause(duration)
})
function note(name: string) {
    log = log + name + ","
}
music.onEvent(MusicEvent.MelodyStarted, function () { note("started") })
music.onEvent(MusicEvent.MelodyNotePlayed, function () { note("note") })
music.onEvent(MusicEvent.MelodyEnded, function () { note("ended") })
music.onEvent(MusicEvent.MelodyRepeated, function () { note("repeated") })
music.onEvent(MusicEvent.BackgroundMelodyStarted, function () { note("bg started") })
music.onEvent(MusicEvent.BackgroundMelodyNotePlayed, function () { note("bg note") })
music.onEvent(MusicEvent.BackgroundMelodyEnded, function () { note("bg ended") })
music.onEvent(MusicEvent.BackgroundMelodyRepeated, function () { note("bg repeated") })
music.onEvent(MusicEvent.BackgroundMelodyPaused, function () { note("bg paused") })
music.onEvent(MusicEvent.BackgroundMelodyResumed, function () { note("bg resumed") })
// The firmware's message bus queues at most 10 events and each registration queues one: a
// melody event raised before the program first waits would be dropped (DAL, as in MakeCode).
basic.pause(20)
function flush(title: string) {
    basic.pause(50)
    serial.writeLine(title + ": " + log + " tones " + tones)
    log = ""
}
music.setTempo(240)
music.play(music.stringPlayable("C D", 240), music.PlaybackMode.UntilDone)
flush("until done")
music.startMelody(["c4:2", "e", "g"], MelodyOptions.OnceInBackground)
basic.pause(500)
flush("background once")
music.startMelody(["c5:2", "d"], MelodyOptions.ForeverInBackground)
basic.pause(300)
music.playMelody("E F", 240)
flush("paused and resumed")
music.stopMelody(MelodyStopOptions.All)
basic.pause(150)
flush("stopped")
music.play(music.builtInPlayableMelody(Melodies.BaDing), music.PlaybackMode.InBackground)
basic.pause(1000)
flush("built-in")
music.beginMelody(["a", "b"], MelodyOptions.Forever)
basic.pause(600)
music.stopMelody(MelodyStopOptions.Foreground)
basic.pause(300)
flush("forever")
serial.writeLine("done")
basic.showIcon(IconNames.EigthNote)
`,
  },
  {
    name: 'music: sound expressions, looping playables, ring tone',
    // QEMU's V1 has no sound hardware to observe, and the V1 firmware has no synthesizer: the
    // sound expressions must run without a panic, and their texts must equal the simulator's.
    timeMs: 8000,
    deviceWaitMs: 60_000,
    source: `
serial.writeLine(soundExpression.giggle.getNotes() + " " + music.builtinSoundEffect(soundExpression.yawn))
let custom = new SoundExpression("happy")
serial.writeLine("custom " + custom.getNotes())
custom.play()
let effect = music.createSoundEffect(WaveShape.Square, 400, 600, 255, 0, 500, SoundExpressionEffect.Vibrato, InterpolationCurve.Logarithmic)
serial.writeLine(effect.substr(0, 36))
serial.writeLine(effect.substr(36, 36) + " " + effect.length)
let odd = music.createSoundEffect(WaveShape.Noise, -5, 99999, 300, 128, 0.5, SoundExpressionEffect.Warble, InterpolationCurve.Curve)
serial.writeLine(odd.substr(0, 36))
serial.writeLine(odd.substr(36, 36))
let third = music.createSoundExpression(WaveShape.Sawtooth, 1000, 10, 100, 200, 300, SoundExpressionEffect.Tremolo, InterpolationCurve.Linear)
serial.writeLine(third.getNotes().substr(0, 36))
serial.writeLine(third.getNotes().substr(36, 36))
soundExpression.hello.play()
soundExpression.sad.playUntilDone()
music.play(music.builtinPlayableSoundEffect(soundExpression.twinkle), music.PlaybackMode.InBackground)
music.play(third, music.PlaybackMode.UntilDone)
music.playSoundEffect(effect, SoundExpressionPlayMode.InBackground)
music.playSoundEffect(odd, SoundExpressionPlayMode.UntilDone)
serial.writeLine("sounds played")
music.playTone(262, 20)
music.ringTone(330)
basic.pause(20)
music.stopAllSounds()
let tones = 0
let last = ""
music.setPlayTone(function (frequency: number, duration: number) {
    tones += 1
    last = frequency + "/" + duration
    basic.pause(duration)
})
let tone = new music.TonePlayable(440, 100)
serial.writeLine("tone " + tone.pitch + " " + tone.duration + " " + tone.stopped)
music.play(tone, music.PlaybackMode.LoopingInBackground)
basic.pause(450)
music.stopAllSounds()
basic.pause(200)
serial.writeLine("looped " + tones + " " + last + " stopped " + tone.stopped)
music.ringTone(300)
basic.pause(20)
serial.writeLine("ring " + tones + " " + last)
serial.writeLine("done")
basic.showIcon(IconNames.EigthNote)
`,
  },
  {
    name: 'game: LED sprites, score and lives',
    // Sprites are drawn by the game's own loop in greyscale; the final picture has only sprites
    // at full brightness, so both sides decode the same LEDs.
    timeMs: 6000,
    deviceWaitMs: 60_000,
    source: `
let player = game.createSprite(2, 4)
let enemy = game.createSprite(0, 0)
enemy.set(LedSpriteProperty.Direction, 135)
for (let i = 0; i < 7; i++) {
    enemy.move(1)
    enemy.ifOnEdgeBounce()
    serial.writeLine("enemy " + enemy.get(LedSpriteProperty.X) + "," + enemy.get(LedSpriteProperty.Y) + " dir " + enemy.direction())
    basic.pause(20)
}
enemy.turn(Direction.Left, 100)
serial.writeLine("turned " + enemy.direction())
enemy.setDirection(-200)
enemy.move(9)
serial.writeLine("moved " + enemy.x() + "," + enemy.y() + " dir " + enemy.direction())
player.turn(Direction.Left, 90)
player.move(3)
player.change(LedSpriteProperty.Y, -2)
player.changeXBy(4)
serial.writeLine("player " + player.x() + "," + player.y() + " edge " + player.isTouchingEdge())
enemy.goTo(player.x(), player.y())
serial.writeLine("touching " + player.isTouching(enemy))
enemy.setBrightness(100)
enemy.changeBrightnessBy(300)
enemy.setBlink(50)
enemy.changeBlinkBy(25)
serial.writeLine("brightness " + enemy.brightness() + " blink " + enemy.blink() + " " + enemy.get(LedSpriteProperty.Blink))
game.addScore(3)
basic.pause(400)
game.setScore(game.score() + 2)
game.addLife(2)
game.removeLife(1)
basic.pause(300)
serial.writeLine("score " + game.score() + " life " + game.life() + " level " + game.level() + " running " + game.isRunning())
game.pause()
serial.writeLine("paused " + game.isPaused() + " running " + game.isRunning())
game.resume()
enemy.delete()
serial.writeLine("deleted " + enemy.isDeleted() + " touching " + player.isTouching(enemy) + " edge " + enemy.isTouchingEdge())
player.goTo(1, 1)
let other = game.createSprite(3, 3)
let corner = new game.LedSprite(0, 9)
serial.writeLine("corner " + corner.x() + "," + corner.y())
other.turnRight(45)
other.changeDirectionBy(-90)
serial.writeLine("other " + other.direction() + " over " + game.isGameOver())
basic.pause(200)
serial.writeLine("done")
`,
  },
  {
    name: 'classes: fields, methods, inheritance, accessors, statics, this in arrows',
    source: `
class Counter {
    count: number
    step: number
    constructor(step: number) {
        this.count = 0
        this.step = step
    }
    bump() {
        this.count += this.step
        return this.count
    }
}
class Shape {
    name: string
    constructor(name: string) {
        this.name = name
    }
    area(): number {
        return 0
    }
    describe() {
        return this.name + " " + this.area()
    }
}
class Square extends Shape {
    constructor(public side: number) {
        super("square")
    }
    area() {
        return this.side * this.side
    }
}
class Rect extends Shape {
    w = 2
    h: number
    constructor(h: number) {
        super("rect")
        this.h = h
    }
    area() {
        return this.w * this.h
    }
    get double() {
        return this.area() * 2
    }
    set width(v: number) {
        this.w = v
    }
}
class Node2 {
    next: Node2 = null
    constructor(public value: number) {}
}
class Stack {
    static made = 0
    top: Node2 = null
    size = 0
    constructor() {
        Stack.made++
    }
    push(v: number) {
        let n = new Node2(v)
        n.next = this.top
        this.top = n
        this.size++
    }
    sum() {
        let total = 0
        let n = this.top
        while (n) {
            total += n.value
            n = n.next
        }
        return total
    }
    each(f: (v: number) => void) {
        let n = this.top
        while (n) {
            f(n.value)
            n = n.next
        }
    }
    later() {
        return () => this.size * 10
    }
}
let c = new Counter(3)
c.bump()
serial.writeLine("count " + c.bump())
let shapes: Shape[] = [new Square(3), new Rect(4), new Shape("blob")]
for (let s of shapes) {
    serial.writeLine(s.describe())
}
let r = new Rect(5)
r.width = 3
serial.writeLine("double " + r.double)
serial.writeLine("is rect " + (shapes[1] instanceof Rect) + " " + (shapes[0] instanceof Rect) + " " + (shapes[0] instanceof Shape))
let st = new Stack()
for (let i = 1; i <= 20; i++) st.push(i)
let st2 = new Stack()
serial.writeLine("sum " + st.sum() + " size " + st.size + " made " + Stack.made)
let seen = 0
st.each(v => { seen += v })
serial.writeLine("seen " + seen + " later " + st.later()())
// Enough short-lived objects for several collections: the kept ones must survive them.
let kept = new Stack()
for (let i = 0; i < 3000; i++) {
    let tmp = new Node2(i)
    tmp.next = new Node2(i + 1)
    if (i % 100 == 0) kept.push(tmp.next.value)
}
serial.writeLine("kept " + kept.size + " " + kept.sum())
basic.showNumber(c.count)
`,
  },
  {
    // Songs last their measures (2 s here) on both sides; a ticker 250 ms out of step with the
    // song's ends checks each wait.
    name: 'music: songs from hex literals, until done, in background, looping and stopped',
    timeMs: 9000,
    deviceWaitMs: 60_000,
    source: `
let song = music.createSong(hex\`${DEMO_SONG_HEX}\`)
control.inBackground(function () {
    for (let i = 0; i < 12; i++) {
        serial.writeLine("tick " + i)
        basic.pause(500)
    }
})
basic.pause(250)
music.play(song, music.PlaybackMode.UntilDone)
serial.writeLine("song done")
music.play(song, music.PlaybackMode.InBackground)
serial.writeLine("went on")
basic.pause(2500)
music.play(music.createSong(hex\`00780004080100\`), music.PlaybackMode.UntilDone)
serial.writeLine("silent song done")
music.play(song, music.PlaybackMode.LoopingInBackground)
basic.pause(700)
music.stopAllSounds()
serial.writeLine("stopped")
basic.showIcon(IconNames.Yes)
`,
  },
  {
    name: 'old names and small helpers: every interval, in parallel, console, write numbers, plot/toggle all, fades',
    timeMs: 1800,
    deviceWaitMs: 60_000,
    source: `
let ticks = 0
loops.everyInterval(1000, function () {
    ticks += 1
    serial.writeLine("every " + ticks)
})
// In QEMU only the first of the fibers made before the program first waits runs (V1 firmware).
basic.pause(20)
control.runInParallel(function () {
    serial.writeLine("parallel")
})
input.onShake(function () {
    serial.writeLine("shaken")
})
input.onLogoUp(function () {
    serial.writeLine("logo up")
})
basic.pause(100)
serial.writeNumbers([1, 2.5, -3])
serial.setWriteLinePadding(0)
serial.writeLine("no padding")
console.log("console " + 42)
console.logValue("x", 7)
serial.writeLine("map " + pins.map(5, 0, 10, 0, 100) + " " + images.arrowNumber(ArrowNames.South))
serial.writeLine("sizes " + pins.sizeOf(NumberFormat.UInt16BE) + " " + pins.sizeOf(NumberFormat.Float64LE) + " " + pins.sizeOf(NumberFormat.Int8LE))
serial.writeLine("ids " + control.eventSourceId(EventBusSource.MICROBIT_ID_BUTTON_A) + " " + control.eventValueId(EventBusValue.MICROBIT_EVT_ANY) + " " + serial.delimiters(Delimiters.Comma).length + serial.delimiters(Delimiters.Hash))
led.plotAll()
led.toggle(2, 2)
serial.writeLine("all " + led.point(0, 0) + " " + led.point(2, 2))
led.toggleAll()
serial.writeLine("toggled " + led.point(0, 0) + " " + led.point(2, 2))
led.fadeOut(200)
serial.writeLine("faded out " + led.brightness())
led.fadeIn(200)
serial.writeLine("faded in " + led.brightness())
basic.pause(700)
serial.writeLine("end " + (ticks >= 2))
`,
  },
  {
    name: 'convertToText, math constants through their block, the renumbered icons, pin numbers',
    source: `
serial.writeLine(convertToText(5) + " " + convertToText(0.1 + 0.2) + " " + convertToText(true) + " " + convertToText("a"))
serial.writeLine("pi " + convertToText(Math._constant(Math.PI)) + " " + Math.round(Math._constant(Math.SQRT2) * 1000))
serial.writeLine(convertToText(1 / 3) + " " + convertToText(-7))
serial.writeLine("pins " + pins._analogReadWritePinShadow(AnalogReadWritePin.P10) + " " + (AnalogReadWritePin.P3 - AnalogPin.P3))
basic.showIcon(IconNames.Scissors)
serial.writeLine("scissors")
basic.showIcon(IconNames.EighthNote)
`,
  },
];
