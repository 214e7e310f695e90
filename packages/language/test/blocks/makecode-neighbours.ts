// More hand-written programs for the MakeCode grey-block cross-check (makecode-grey.test.ts): the
// forms learners write in each drawer (events, loops, lists, text, images, music, radio, game,
// pins, LEDs), written the way a learner types them rather than the way our blocks print them:
// declarations with types, methods on values, compound assignments, nested calls.
// MakeCode decides which of these it shows entirely as blocks; the test holds us to the same.

const onA = (body: string) => `input.onButtonPressed(Button.A, function () {\n${indent(body)}})\n`;
const forever = (body: string) => `basic.forever(function () {\n${indent(body)}})\n`;

function indent(body: string): string {
  return body
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => `    ${line}\n`)
    .join('');
}

const events = [
  'input.onButtonPressed(Button.AB, function () {\n    basic.showIcon(IconNames.Happy)\n})\n',
  'input.onGesture(Gesture.Shake, function () {\n    basic.showNumber(randint(1, 6))\n})\n',
  'input.onPinPressed(TouchPin.P0, function () {\n    basic.showString("P0")\n})\n',
  'input.onPinReleased(TouchPin.P1, function () {\n    basic.clearScreen()\n})\n',
  'input.onLogoEvent(TouchButtonEvent.Pressed, function () {\n    music.play(music.builtinPlayableSoundEffect(soundExpression.hello), music.PlaybackMode.UntilDone)\n})\n',
  'input.onSound(DetectedSound.Loud, function () {\n    basic.showIcon(IconNames.Surprised)\n})\n',
  'loops.everyInterval(500, function () {\n    led.toggle(2, 2)\n})\n',
  'control.onEvent(EventBusSource.MICROBIT_ID_BUTTON_A, EventBusValue.MICROBIT_BUTTON_EVT_CLICK, function () {\n    basic.showNumber(1)\n})\n',
  'basic.forever(function () {\n    if (input.buttonIsPressed(Button.A)) {\n        basic.showArrow(ArrowNames.West)\n    } else if (input.buttonIsPressed(Button.B)) {\n        basic.showArrow(ArrowNames.East)\n    } else {\n        basic.clearScreen()\n    }\n})\n',
  'let count = 0\ninput.onButtonPressed(Button.A, function () {\n    count += 1\n    basic.showNumber(count)\n})\ninput.onButtonPressed(Button.B, function () {\n    count = 0\n})\n',
  'input.onButtonPressed(Button.A, () => {\n    basic.showNumber(1)\n})\n',
  'basic.forever(() => {\n    basic.showNumber(input.lightLevel())\n})\n',
  'input.onButtonPressed(Button.A, function () {\n})\n',
  'input.onGesture(Gesture.ScreenDown, function () {\n    basic.showLeds(`\n        . . . . .\n        . . . . .\n        . . # . .\n        . . . . .\n        . . . . .\n        `)\n})\n',
];

const loops = [
  'for (let i = 0; i < 5; i++) {\n    basic.showNumber(i)\n}\n',
  'for (let index = 0; index <= 4; index++) {\n    led.plot(index, index)\n}\n',
  'for (let x = 0; x < 5; x++) {\n    for (let y = 0; y < 5; y++) {\n        led.plot(x, y)\n    }\n}\n',
  'let n = 0\nwhile (n < 10) {\n    n += 2\n}\nbasic.showNumber(n)\n',
  'let n = 10\nwhile (n > 0) {\n    n--\n    basic.showNumber(n)\n}\n',
  'for (let i = 0; i < 3; i++) {\n    basic.showString("hi")\n    basic.pause(100)\n}\n',
  'let i = 0\nwhile (true) {\n    i++\n    if (i > 3) {\n        break\n    }\n}\n',
  'for (let i = 0; i < 10; i++) {\n    if (i % 2 == 0) {\n        continue\n    }\n    basic.showNumber(i)\n}\n',
  'loops.pause(100)\n',
  'basic.forever(function () {\n    for (let i = 0; i < 4; i++) {\n        basic.showNumber(i)\n    }\n})\n',
  'let total = 0\nfor (let i = 1; i <= 10; i++) {\n    total = total + i\n}\nbasic.showNumber(total)\n',
  'let total = 0\nfor (let i = 0; i < 5; i++) {\n    total += i * 2\n}\nbasic.showNumber(total)\n',
  'let x = 0\ndo {\n    x += 1\n} while (x < 5)\n',
  // Loop variables declared with const or var (MakeCode shows these as blocks).
  'let list = [1, 2, 3]\nfor (const v of list) {\n    basic.showNumber(v)\n}\n',
  'let list = ["a"]\nfor (const s of list) {\n    for (const t of list) {\n        basic.showString(s + t)\n    }\n}\n',
  'for (const c of "abc") {\n    basic.showString(c)\n}\n',
  'let list = [1, 2, 3]\nfor (var v of list) {\n    basic.showNumber(v)\n}\n',
  'for (var i = 0; i < 3; i++) {\n    basic.showNumber(i)\n}\n',
  'for (var i = 0; i <= 3; i++) {\n    basic.showNumber(i)\n}\nfor (var i = 0; i <= 3; i++) {\n    basic.showNumber(i)\n}\n',
  'for (var i = 0; i < 3; i++) {\n    basic.showNumber(i)\n}\nbasic.showNumber(i)\n',
];

const lists = [
  'let scores = [3, 1, 2]\nscores.sort((a, b) => a - b)\nbasic.showNumber(scores[0])\n',
  'let names = ["Ann", "Bo"]\nfor (let name of names) {\n    basic.showString(name)\n}\n',
  'let names = ["Ann", "Bo"]\nbasic.showString(names[randint(0, names.length - 1)])\n',
  'let names = ["Ann", "Bo"]\nbasic.showString(names._pickRandom())\n',
  'let list = [1, 2, 3]\nlet total = 0\nfor (let value of list) {\n    total += value\n}\nbasic.showNumber(total)\n',
  'let list: number[] = []\nfor (let i = 0; i < 5; i++) {\n    list.push(randint(0, 9))\n}\nbasic.showNumber(list.length)\n',
  'let list = [5, 4]\nlist.push(3)\nlet last = list.pop()\nbasic.showNumber(last)\n',
  'let list = [5, 4]\nlet first = list.shift()\nlist.unshift(first)\n',
  'let list = [5, 4]\nbasic.showNumber(list.length)\nlist.reverse()\n',
  'let list = [5, 4]\nif (list.indexOf(4) >= 0) {\n    basic.showIcon(IconNames.Yes)\n}\n',
  'let list = [5, 4]\nlist.insertAt(1, 9)\nlist.removeAt(0)\n',
  'let words = ["a", "b"]\nbasic.showString(words.join(","))\n',
  'let grid = [[1, 2], [3, 4]]\nbasic.showNumber(grid[1][0])\n',
  'let list = [1, 2, 3]\nlist[1] = list[0] + list[2]\n',
  'let list = [1, 2, 3]\nfor (let i = 0; i <= list.length - 1; i++) {\n    list[i] = list[i] * 2\n}\n',
  'let flags = [true, false]\nif (flags[0]) {\n    basic.showNumber(1)\n}\n',
  'let list = [1, 2, 3]\nlet copy = list.slice(0, 2)\nbasic.showNumber(copy.length)\n',
  'let list = [1, 2, 3]\nbasic.showNumber(list.get(1))\nlist.set(1, 7)\n',
  'let list = [1, 2, 3]\nlist.removeElement(1)\n',
  'let list = [1, 2, 3]\nbasic.showNumber(list.length - 1)\n',
  'let empty: number[] = []\nbasic.showNumber(empty.length)\n',
  'let things = [1, 2]\nthings = [3]\n',
];

const text = [
  'let name = "micro:bit"\nbasic.showString("Hi " + name)\n',
  'let name = "micro:bit"\nbasic.showNumber(name.length)\n',
  'let name = "micro:bit"\nbasic.showString(name.charAt(0))\n',
  'let name = "micro:bit"\nbasic.showString(name.substr(0, 5))\n',
  'let name = "micro:bit"\nif (name.includes("bit")) {\n    basic.showIcon(IconNames.Yes)\n}\n',
  'let name = "micro:bit"\nbasic.showNumber(name.indexOf("bit"))\n',
  'let a = "1"\nbasic.showNumber(parseFloat(a) + 1)\n',
  'let a = "12"\nbasic.showNumber(parseInt(a))\n',
  'basic.showString("" + input.temperature() + "C")\n',
  'let score = 5\nbasic.showString("Score: " + score)\n',
  'let score = 5\nbasic.showString(`Score: ${score}`)\n',
  'let word = "abc"\nbasic.showString(word.toUpperCase())\n',
  'let word = "abc"\nif (word == "abc") {\n    basic.showIcon(IconNames.Happy)\n}\n',
  'let word = "abc"\nbasic.showNumber(word.compare("abd"))\n',
  'let word = "abc"\nbasic.showString(String.fromCharCode(word.charCodeAt(0) + 1))\n',
  'let word = "a"\nword += "b"\nbasic.showString(word)\n',
  'let word = "a,b"\nlet parts = word.split(",")\nbasic.showString(parts[0])\n',
  'basic.showString(convertToText(42))\n',
  'let s = ""\nif (s.isEmpty()) {\n    s = "x"\n}\n',
];

const images = [
  'basic.showLeds(`\n    # . . . #\n    . # . # .\n    . . # . .\n    . # . # .\n    # . . . #\n    `)\n',
  'let heart = images.iconImage(IconNames.Heart)\nheart.showImage(0)\n',
  'let big = images.createBigImage(`\n    . . . . . . . . . .\n    . # . . . . . . # .\n    . . . . . . . . . .\n    . # . . . . . . # .\n    . . . . . . . . . .\n    `)\nbig.scrollImage(1, 200)\n',
  'basic.showIcon(IconNames.Heart)\nbasic.pause(200)\nbasic.showIcon(IconNames.SmallHeart)\n',
  'basic.forever(function () {\n    basic.showIcon(IconNames.Heart)\n    basic.showIcon(IconNames.SmallHeart)\n})\n',
  'let img = images.createImage(`\n    . . . . .\n    . . . . .\n    . . # . .\n    . . . . .\n    . . . . .\n    `)\nimg.showImage(0, 100)\n',
  'let pics = [images.iconImage(IconNames.Heart), images.iconImage(IconNames.Square)]\npics[0].showImage(0)\n',
  'basic.showArrow(ArrowNames.North)\nbasic.showArrow(ArrowNames.SouthEast)\n',
  'images.iconImage(IconNames.Duck).showImage(0)\n',
  'let img = images.arrowImage(ArrowNames.East)\nimg.scrollImage(1, 100)\n',
];

const music = [
  'music.playTone(262, music.beat(BeatFraction.Half))\n',
  'music.playTone(Note.C, music.beat(BeatFraction.Whole))\nmusic.rest(music.beat(BeatFraction.Quarter))\n',
  'music.ringTone(440)\nbasic.pause(100)\nmusic.stopAllSounds()\n',
  'music.setTempo(120)\nmusic.changeTempoBy(20)\nbasic.showNumber(music.tempo())\n',
  'music.setVolume(128)\n',
  'music.play(music.tonePlayable(262, music.beat(BeatFraction.Whole)), music.PlaybackMode.UntilDone)\n',
  'music.play(music.stringPlayable("E D C D E E E - ", 120), music.PlaybackMode.UntilDone)\n',
  'music.play(music.stringPlayable("C D E F G A B C5 ", 120), music.PlaybackMode.InBackground)\n',
  'music.play(music.stringPlayable("C D E F G A B C5 ", 120), music.PlaybackMode.LoopingInBackground)\n',
  'music.play(music.builtinPlayableSoundEffect(soundExpression.giggle), music.PlaybackMode.InBackground)\n',
  'music._playDefaultBackground(music.builtInPlayableMelody(Melodies.Dadadadum), music.PlaybackMode.InBackground)\n',
  'music.startMelody(music.builtInMelody(Melodies.Entertainer), MelodyOptions.Once)\n',
  'music.startMelody(music.builtInMelody(Melodies.Birthday), MelodyOptions.Forever)\n',
  'soundExpression.giggle.play()\n',
  'soundExpression.twinkle.playUntilDone()\n',
  'music.onEvent(MusicEvent.MelodyEnded, function () {\n    basic.showIcon(IconNames.Yes)\n})\n',
  'basic.forever(function () {\n    music.playTone(input.lightLevel() * 4, music.beat(BeatFraction.Eighth))\n})\n',
  'input.onButtonPressed(Button.A, function () {\n    music.play(music.stringPlayable("C E G C5 - - - - ", 200), music.PlaybackMode.UntilDone)\n})\n',
  'music.setBuiltInSpeakerEnabled(false)\n',
  'let freq = 262\nmusic.playTone(freq, 500)\nfreq += 100\nmusic.playTone(freq, 500)\n',
];

const radio = [
  'radio.setGroup(1)\nradio.sendNumber(5)\n',
  'radio.setGroup(1)\ninput.onButtonPressed(Button.A, function () {\n    radio.sendString("hi")\n})\nradio.onReceivedString(function (receivedString) {\n    basic.showString(receivedString)\n})\n',
  'radio.onReceivedNumber(function (receivedNumber) {\n    basic.showNumber(receivedNumber)\n})\n',
  'radio.onReceivedValue(function (name, value) {\n    if (name == "x") {\n        basic.showNumber(value)\n    }\n})\n',
  'radio.sendValue("speed", 3)\n',
  'radio.setTransmitPower(7)\nradio.setFrequencyBand(10)\n',
  'radio.onReceivedNumber(function (receivedNumber) {\n    basic.showNumber(radio.receivedPacket(RadioPacketProperty.SignalStrength))\n})\n',
  'radio.setGroup(7)\nbasic.forever(function () {\n    radio.sendNumber(input.acceleration(Dimension.X))\n    basic.pause(100)\n})\n',
  'let last = 0\nradio.onReceivedNumber(function (receivedNumber) {\n    last = receivedNumber\n})\nbasic.forever(function () {\n    basic.showNumber(last)\n})\n',
  'radio.onReceivedString(function (s) {\n    basic.showString(s)\n})\n',
  'radio.onReceivedNumber(function (n) {\n    basic.showNumber(n)\n})\n',
];

const game = [
  'let player = game.createSprite(2, 4)\ninput.onButtonPressed(Button.A, function () {\n    player.change(LedSpriteProperty.X, -1)\n})\ninput.onButtonPressed(Button.B, function () {\n    player.change(LedSpriteProperty.X, 1)\n})\n',
  'let player = game.createSprite(2, 4)\nlet enemy = game.createSprite(randint(0, 4), 0)\nbasic.forever(function () {\n    enemy.change(LedSpriteProperty.Y, 1)\n    if (enemy.isTouching(player)) {\n        game.gameOver()\n    }\n    basic.pause(500)\n})\n',
  'game.setScore(0)\ngame.addScore(1)\nbasic.showNumber(game.score())\n',
  'game.startCountdown(10000)\n',
  'game.setLife(3)\ngame.removeLife(1)\n',
  'let dot = game.createSprite(0, 0)\ndot.setBlink(100)\ndot.blink()\n',
  'let dot = game.createSprite(0, 0)\nbasic.forever(function () {\n    dot.move(1)\n    dot.ifOnEdgeBounce()\n    basic.pause(100)\n})\n',
  'let dot = game.createSprite(0, 0)\nif (game.isGameOver()) {\n    dot.delete()\n}\n',
  'let dot: game.LedSprite = null\ndot = game.createSprite(1, 1)\n',
  'let dots: game.LedSprite[] = []\ndots.push(game.createSprite(0, 0))\nfor (let d of dots) {\n    d.move(1)\n}\n',
  'let dot = game.createSprite(0, 0)\ndot.set(LedSpriteProperty.Brightness, 100)\nbasic.showNumber(dot.get(LedSpriteProperty.Direction))\n',
  'let dot = game.createSprite(0, 0)\nif (dot.isDeleted()) {\n    basic.showIcon(IconNames.No)\n}\n',
  'game.pause()\ngame.resume()\n',
];

const pinsAndLeds = [
  'pins.digitalWritePin(DigitalPin.P0, 1)\nbasic.pause(500)\npins.digitalWritePin(DigitalPin.P0, 0)\n',
  'basic.forever(function () {\n    if (pins.digitalReadPin(DigitalPin.P1) == 1) {\n        basic.showIcon(IconNames.Yes)\n    }\n})\n',
  'basic.forever(function () {\n    led.plotBarGraph(pins.analogReadPin(AnalogReadWritePin.P1), 1023)\n})\n',
  'basic.forever(function () {\n    led.plotBarGraph(pins.analogReadPin(AnalogPin.P1), 1023)\n})\n',
  'pins.analogWritePin(AnalogPin.P0, 512)\npins.analogSetPeriod(AnalogPin.P0, 20000)\n',
  'pins.servoWritePin(AnalogPin.P0, 90)\n',
  'let level = pins.analogReadPin(AnalogReadWritePin.P0)\npins.analogWritePin(AnalogPin.P1, pins.map(level, 0, 1023, 0, 255))\n',
  'pins.setPull(DigitalPin.P2, PinPullMode.PullUp)\n',
  'let pin = DigitalPin.P1\npins.digitalWritePin(pin, 1)\n',
  'let pin = AnalogReadWritePin.P2\nbasic.showNumber(pins.analogReadPin(pin))\n',
  'pins.analogSetPitchPin(AnalogPin.P0)\npins.analogPitch(440, 200)\n',
  'pins.onPulsed(DigitalPin.P0, PulseValue.High, function () {\n    basic.showNumber(pins.pulseDuration())\n})\n',
  'led.plot(2, 2)\nled.unplot(2, 2)\nled.toggle(0, 0)\n',
  'led.setBrightness(128)\nbasic.showNumber(led.brightness())\n',
  'if (led.point(2, 2)) {\n    led.unplot(2, 2)\n}\n',
  'led.plotBrightness(1, 1, 50)\nbasic.showNumber(led.pointBrightness(1, 1))\n',
  'led.enable(false)\nled.stopAnimation()\n',
  'for (let i = 0; i < 5; i++) {\n    led.plot(i, 2)\n    basic.pause(100)\n}\n',
  'basic.forever(function () {\n    led.plot(randint(0, 4), randint(0, 4))\n})\n',
  'led.plotBarGraph(input.acceleration(Dimension.Strength), 2048)\n',
];

const mathAndLogic = [
  'let x = 5\nx = Math.abs(x - 10)\nbasic.showNumber(Math.max(x, 3))\n',
  'let x = 5\nbasic.showNumber(Math.sqrt(x))\nbasic.showNumber(Math.round(x / 2))\n',
  'let x = 5\nif (x > 2 && x < 8 || x == 0) {\n    basic.showNumber(x)\n}\n',
  'let x = 5\nif (!(x > 2)) {\n    basic.showNumber(x)\n}\n',
  'let on = true\non = !on\nif (on) {\n    basic.showIcon(IconNames.Yes)\n}\n',
  'let x = 7\nbasic.showNumber(x % 3)\nbasic.showNumber(Math.floor(x / 2))\n',
  'let x = 7\nx *= 2\nx -= 1\nx /= 3\n',
  'basic.showNumber(Math.randomRange(1, 10))\n',
  'if (Math.randomBoolean()) {\n    basic.showString("H")\n} else {\n    basic.showString("T")\n}\n',
  'basic.showNumber(Math.constrain(input.temperature(), 0, 30))\n',
  'let x = -3\nbasic.showNumber(-x)\n',
  'let a = 1\nlet b = 2\nlet c = a\na = b\nb = c\n',
  'let t = input.runningTime()\nbasic.showNumber(input.runningTime() - t)\n',
  'basic.showNumber(Math.min(input.compassHeading(), 180))\n',
  'let x = 5\nbasic.showNumber(Math.pow(x, 2))\n',
  'let big = 10\nbasic.showNumber(Math.idiv(big, 3))\n',
];

// Declarations that spell out the type the value has anyway (MakeCode shows them as `set` blocks).
const typed = [
  'let img: Image = images.iconImage(IconNames.Heart)\nimg.showImage(0)\n',
  'let s: game.LedSprite = game.createSprite(0, 0)\ns.move(1)\n',
  'let list: Image[] = [images.iconImage(IconNames.Heart), images.iconImage(IconNames.Sad)]\nlist[1].showImage(0)\n',
  'let list: game.LedSprite[] = [game.createSprite(0, 0)]\n',
  'let list: Array<number> = [1]\n',
  'let p: music.Playable = music.stringPlayable("C D E F G A B C5 ", 120)\nmusic.play(p, music.PlaybackMode.UntilDone)\n',
  'let img: Image = images.arrowImage(ArrowNames.North)\nimg = images.iconImage(IconNames.Sad)\n',
  'let pin: DigitalPin = DigitalPin.P1\npins.digitalWritePin(pin, 1)\n',
  'let n: number = randint(1, 6)\nlet b: boolean = input.buttonIsPressed(Button.A)\nlet s: string = convertToText(n)\n',
  'let x: number = 5, y: number = 6\n',
  onA('let img: Image = images.iconImage(IconNames.Heart)\nimg.showImage(0)'),
  'function f() {\n    let s: game.LedSprite = game.createSprite(2, 2)\n    s.move(1)\n}\nf()\n',
  'let s: game.LedSprite = game.createSprite(0, 0)\nlet t: game.LedSprite = game.createSprite(4, 4)\nif (s.isTouching(t)) {\n    s.delete()\n}\n',
  // Typed default values that nothing else in the blocks types (MakeCode: a `set` block).
  'let text: string = ""\n',
  'let text: string = ""\nbasic.showString(text)\n',
  'let count: number = 0\nlet text: string = ""\nlet list: number[] = []\n',
  'let on: boolean = false\nbasic.forever(function () {\n    if (on) {\n        basic.showNumber(1)\n    }\n})\n',
  'let name: string = ""\nradio.onReceivedString(function (receivedString) {\n    name = receivedString\n})\n',
];

// Longer learner programs mixing drawers: animation frames, sprite lists, radio values, text loops.
const img = (rows: readonly string[]) => 'images.createImage(`\n    ' + rows.join('\n    ') + '\n    `)';
const A = ['# . . . #', '. # . # .', '. . # . .', '. # . # .', '# . . . #'];
const B = ['. . . . .', '. # # # .', '. # . # .', '. # # # .', '. . . . .'];
const mixed = [
  `let frames = [${img(A)}, ${img(B)}]\nfor (let i = 0; i < frames.length; i++) {\n    frames[i].showImage(0)\n}\n`,
  `let frames = [${img(A)}, ${img(B)}]\nfor (let f of frames) {\n    f.showImage(0)\n    basic.pause(100)\n}\n`,
  `let frames = [${img(A)}, ${img(B)}]\nbasic.forever(function () {\n    frames[randint(0, 1)].showImage(0)\n})\n`,
  `let pic = ${img(A)}\nlet offset = 0\npic.showImage(offset)\noffset += 1\n`,
  `let pic = ${img(A)}\npic.scrollImage(1, 100)\npic.showImage(0, 100)\n`,
  `function show() {\n    basic.showLeds(\`\n        # . . . #\n        . # . # .\n        . . # . .\n        . # . # .\n        # . . . #\n        \`)\n}\nshow()\n`,
  `input.onButtonPressed(Button.A, function () {\n    ${img(A).replace(/\n/g, '\n    ')}.showImage(0)\n})\n`,
  'let x = 0\nlet y = 0\nbasic.forever(function () {\n    led.unplot(x, y)\n    x = (x + 1) % 5\n    led.plot(x, y)\n    basic.pause(100)\n})\n',
  'let bright = 0\nbasic.forever(function () {\n    bright = input.lightLevel()\n    led.setBrightness(bright)\n})\n',
  'let s = game.createSprite(2, 2)\nif (s.get(LedSpriteProperty.X) == 4) {\n    s.set(LedSpriteProperty.X, 0)\n}\n',
  'let s = game.createSprite(2, 2)\nbasic.showNumber(s.get(LedSpriteProperty.X) + s.get(LedSpriteProperty.Y))\n',
  'let s = game.createSprite(2, 2)\nlet t = game.createSprite(0, 0)\nbasic.forever(function () {\n    if (s.isTouching(t)) {\n        game.addScore(1)\n        t.set(LedSpriteProperty.X, randint(0, 4))\n    }\n})\n',
  'let ships: game.LedSprite[] = []\nfor (let i = 0; i < 3; i++) {\n    ships.push(game.createSprite(i, 0))\n}\n',
  'let ships: game.LedSprite[] = []\nfor (let ship of ships) {\n    if (ship.isTouchingEdge()) {\n        ship.delete()\n    }\n}\n',
  'let ships: game.LedSprite[] = []\nships.push(game.createSprite(0, 0))\nships.removeAt(0).delete()\n',
  'let ships: game.LedSprite[] = []\nships.push(game.createSprite(0, 0))\nships[0].delete()\nships.removeAt(0)\n',
  'let ships = [game.createSprite(0, 0)]\nwhile (ships.length > 0) {\n    ships.pop().delete()\n}\n',
  'radio.onReceivedValue(function (name, value) {\n    if (name == "x") {\n        led.plot(value, 0)\n    } else if (name == "y") {\n        led.plot(0, value)\n    }\n})\n',
  'radio.onReceivedString(function (receivedString) {\n    basic.showString(receivedString.substr(0, 2))\n})\n',
  'radio.onReceivedNumber(function (receivedNumber) {\n    led.plotBarGraph(receivedNumber, 100)\n    radio.sendNumber(receivedNumber + 1)\n})\n',
  'let strength = 0\nradio.onReceivedNumber(function (receivedNumber) {\n    strength = radio.receivedPacket(RadioPacketProperty.SignalStrength)\n    led.plotBarGraph(Math.map(strength, -95, -42, 0, 9), 9)\n})\n',
  'let notes = [262, 294, 330]\nfor (let n of notes) {\n    music.play(music.tonePlayable(n, music.beat(BeatFraction.Half)), music.PlaybackMode.UntilDone)\n}\n',
  'let tempo = 120\nmusic.setTempo(tempo)\ninput.onButtonPressed(Button.A, function () {\n    tempo += 20\n    music.setTempo(tempo)\n})\n',
  'input.onButtonPressed(Button.B, function () {\n    music.stopAllSounds()\n})\ninput.onButtonPressed(Button.A, function () {\n    music.play(music.stringPlayable("C D E F G A B C5 ", 120), music.PlaybackMode.LoopingInBackground)\n})\n',
  'music.play(music.stringPlayable("C D E F G A B C5 ", 120), music.PlaybackMode.LoopingInBackground)\nbasic.forever(function () {\n    basic.showIcon(IconNames.EighthNote)\n})\n',
  'let words = ["rock", "paper", "scissors"]\nlet pick = words[randint(0, 2)]\nbasic.showString(pick)\n',
  'let word = "hello"\nfor (let i = 0; i < word.length; i++) {\n    basic.showString(word.charAt(i))\n}\n',
  'let word = "hello"\nlet reversed = ""\nfor (let i = word.length - 1; i >= 0; i--) {\n    reversed = reversed + word.charAt(i)\n}\n',
  'let word = "hello"\nlet count = 0\nfor (let i = 0; i <= word.length - 1; i++) {\n    if (word.charAt(i) == "l") {\n        count += 1\n    }\n}\n',
  'let list = [4, 2, 9]\nlet biggest = list[0]\nfor (let v of list) {\n    if (v > biggest) {\n        biggest = v\n    }\n}\nbasic.showNumber(biggest)\n',
  'let list = [4, 2, 9]\nlet sum = 0\nfor (let i = 0; i <= list.length - 1; i++) {\n    sum += list[i]\n}\nbasic.showNumber(sum / list.length)\n',
  'let list = [4, 2, 9]\nlist.sort()\nbasic.showNumber(list[0])\n',
  'let readings: number[] = []\nbasic.forever(function () {\n    readings.push(input.temperature())\n    if (readings.length > 10) {\n        readings.shift()\n    }\n})\n',
  'let readings: number[] = []\ninput.onButtonPressed(Button.A, function () {\n    for (let r of readings) {\n        serial.writeNumber(r)\n    }\n})\n',
];

/** The neighbour programs, by drawer. */
export const makeCodeNeighbours: Readonly<Record<string, readonly string[]>> = {
  event: events,
  loop: loops,
  list: lists,
  text,
  image: images,
  music,
  radio,
  game,
  pins: pinsAndLeds,
  logic: mathAndLogic,
  typed,
  mixed,
  once: [onA('basic.showNumber(1)'), forever('basic.showNumber(2)')],
};
