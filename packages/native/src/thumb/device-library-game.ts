// The device library's `game`: single-LED sprites, score, lives, levels, countdown and game over,
// written in the learner's language subset (see device-library.ts). Behaviour follows the
// simulator (packages/boards/microbit/src/game: GameEngine, LedSprite), which follows MakeCode's
// device code (pxt-microbit libs/core/game.ts). The code generator has no classes, so a sprite
// is a list: [x, y, direction, brightness, blink ms, in the game (1) or deleted (0)].

/** Frames side by side as an image literal, each 5 rows of 5 ('#' on, '.' off). */
function framesLiteral(frames: readonly (readonly string[])[]): string {
  const rows: string[] = [];
  for (let y = 0; y < 5; y++) {
    rows.push(
      frames
        .map((frame) => frame[y]!)
        .join('')
        .split('')
        .join(' '),
    );
  }
  return '`\n' + rows.join('\n') + '\n`';
}

const BLANK = ['.....', '.....', '.....', '.....', '.....'];
const FULL = ['#####', '#####', '#####', '#####', '#####'];
const DOT = ['.....', '.....', '..#..', '.....', '.....'];
const RING = ['.....', '.###.', '.#.#.', '.###.', '.....'];
const BOX = ['#####', '#...#', '#...#', '#...#', '#####'];
const CROSS = ['#...#', '.#.#.', '..#..', '.#.#.', '#...#'];

/** The simulator's game animations (game-animations.ts), the same pictures. */
const SCORE_FLASH = [DOT, RING, BOX, FULL, BOX, RING, DOT, RING, DOT, BLANK];
const LIFE_LOST = [CROSS, BLANK, CROSS, BLANK];
const COUNTDOWN_START = [
  ['.....', '.....', '.....', '.....', '#####'],
  ['.....', '.....', '.....', '#####', '#####'],
  ['.....', '.....', '#####', '#####', '#####'],
  ['.....', '#####', '#####', '#####', '#####'],
  FULL,
  BLANK,
  FULL,
  BLANK,
  FULL,
];
const GAME_OVER_WIPE = Array.from({ length: 10 }, (_, frame) =>
  Array.from({ length: 5 }, (_, y) => Array.from({ length: 5 }, (_, x) => (x + y >= frame ? '#' : '.')).join('')),
);

/** The sprite methods the library implements: `game.LedSprite.<m>` is `__device_game.sprite_<m>`. */
const SPRITE_METHODS = [
  'move',
  'goTo',
  'ifOnEdgeBounce',
  'turn',
  'turnRight',
  'turnLeft',
  'set',
  'change',
  'get',
  'setDirection',
  'x',
  'y',
  'direction',
  'setX',
  'setY',
  'changeXBy',
  'changeYBy',
  'isTouching',
  'isTouchingEdge',
  'on',
  'off',
  'setBrightness',
  'brightness',
  'changeBrightnessBy',
  'changeDirectionBy',
  'delete',
  'isDeleted',
  'setBlink',
  'changeBlinkBy',
  'blink',
];

const GAME_FUNCTIONS = [
  'createSprite',
  'score',
  'addScore',
  'setScore',
  'life',
  'setLife',
  'addLife',
  'removeLife',
  'startCountdown',
  'gameOver',
  'currentTime',
  'levelUp',
  'level',
  'startStopwatch',
  'isRunning',
  'showScore',
  'isGameOver',
  'isPaused',
  'pause',
  'resume',
  'invalidSprite',
];

/** API name -> library function entries (`api.name:libraryName`) for device-library.ts. */
export const GAME_LIBRARY_ENTRIES: readonly string[] = [
  ...GAME_FUNCTIONS.map((name) => `game.${name}`),
  // `new game.LedSprite(x, y)` joins the game like createSprite (the simulator's rule).
  'game.LedSprite:createSprite',
  ...SPRITE_METHODS.map((name) => `game.LedSprite.${name}:sprite_${name}`),
];

/** The game part of the library's source text. */
export const GAME_LIBRARY_SOURCE = `namespace __device_game {
  let score_ = 0
  let life_ = 3
  let level_ = 1
  let over = false
  let paused = false
  let startTime = 0
  let endTime = 0
  let countdownMs = 0
  // A score or life animation plays in the background: sprites are not drawn meanwhile.
  let flashing = false
  let sprites: number[][] = []
  let canvas: Image | undefined = undefined

  function num(value: number): number {
    return value == value ? value : 0
  }
  function clamp(low: number, high: number, value: number): number {
    return Math.max(low, Math.min(high, num(value)))
  }
  // Paints the sprites now, unless the game is over, paused or an animation holds the screen
  // (the firmware's plotImage does nothing while an animation runs, as the simulator's).
  function plot(): void {
    if (!canvas || over || paused || flashing) return
    let now = control.millis()
    canvas.clear()
    for (let i = 0; i < sprites.length; i++) {
      let s = sprites[i]
      if (s[3] <= 0) continue
      if (s[4] > 0 && Math.floor(now / s[4]) % 2 != 0) continue
      canvas.setPixelBrightness(s[0], s[1], Math.min(255, canvas.pixelBrightness(s[0], s[1]) + s[3]))
    }
    canvas.plotImage(0)
  }
  // On the first sprite: greyscale, and a loop that redraws every 50 ms (30 + forever's 20).
  function start(): void {
    if (canvas) return
    canvas = images.createImage(${framesLiteral([BLANK])})
    led.setDisplayMode(DisplayMode.Greyscale)
    control.inBackground(function () {
      while (true) {
        basic.pause(30)
        plot()
        if (over) basic.pause(600)
        basic.pause(20)
      }
    })
  }
  function flash(animation: Image, interval: number): void {
    if (paused || flashing) return
    flashing = true
    control.inBackground(function () {
      led.stopAnimation()
      animation.scrollImage(5, interval)
      flashing = false
    })
  }
  export function createSprite(x: number, y: number): number[] {
    start()
    let sprite = [clamp(0, 4, x), clamp(0, 4, y), 90, 255, 0, 1]
    sprites.push(sprite)
    plot()
    return sprite
  }
  export function invalidSprite(): number[] | null {
    return null
  }
  export function score(): number {
    return score_
  }
  export function setScore(value: number): void {
    score_ = Math.max(0, num(value))
  }
  export function addScore(points: number): void {
    setScore(score_ + num(points))
    flash(images.createBigImage(${framesLiteral(SCORE_FLASH)}), 20)
  }
  export function life(): number {
    return life_
  }
  export function setLife(value: number): void {
    life_ = Math.max(0, num(value))
    if (life_ <= 0) gameOver()
  }
  export function addLife(lives: number): void {
    setLife(life_ + num(lives))
  }
  export function removeLife(lives: number): void {
    setLife(life_ - num(lives))
    flash(images.createBigImage(${framesLiteral(LIFE_LOST)}), 40)
  }
  export function level(): number {
    return level_
  }
  export function levelUp(): void {
    level_++
    basic.showString("LEVEL:", 150)
    basic.showString("" + level_, 150)
  }
  export function showScore(): void {
    basic.showString(" SCORE ", 100)
    basic.showString("" + score_, 150)
    basic.showString(" ", 150)
  }
  // Shows the countdown's start, then ends the game ms later (once, before any stopwatch).
  export function startCountdown(ms: number): void {
    if (countdownMs > 0 || startTime > 0) return
    images.createBigImage(${framesLiteral(COUNTDOWN_START)}).scrollImage(5, 400)
    countdownMs = Math.max(500, num(ms))
    startTime = -1
    endTime = control.millis() + countdownMs
    paused = false
    let wait = countdownMs
    control.inBackground(function () {
      basic.pause(wait)
      gameOver()
    })
  }
  export function startStopwatch(): void {
    startTime = control.millis()
    endTime = -1
  }
  export function currentTime(): number {
    let now = control.millis()
    return endTime > 0 ? Math.max(0, endTime - now) : now - startTime
  }
  export function pause(): void {
    plot()
    paused = true
  }
  export function resume(): void {
    paused = false
    plot()
  }
  export function isRunning(): boolean {
    return !over && !paused && canvas != undefined
  }
  export function isGameOver(): boolean {
    return over
  }
  export function isPaused(): boolean {
    return paused
  }
  // Game over as the device plays it: A and B stop working, A+B resets the board; the screen
  // flashes 8 times, is wiped away, then "GAMEOVER" and the score scroll by, for ever.
  export function gameOver(): void {
    if (over) {
      while (true) basic.pause(10000)
    }
    over = true
    input.onButtonPressed(Button.A, function () {})
    input.onButtonPressed(Button.B, function () {})
    input.onButtonPressed(Button.AB, function () { control.reset() })
    led.stopAnimation()
    led.setBrightness(255)
    led.setDisplayMode(DisplayMode.BlackAndWhite)
    let full = images.createImage(${framesLiteral([FULL])})
    let wipe = images.createBigImage(${framesLiteral(GAME_OVER_WIPE)})
    while (true) {
      for (let i = 0; i < 8; i++) {
        basic.clearScreen()
        basic.pause(100)
        full.showImage(0, 300)
      }
      wipe.scrollImage(5, 100)
      for (let i = 0; i < 3; i++) {
        basic.showString(" GAMEOVER ", 100)
        showScore()
      }
    }
  }
  // Sprites.
  // The step of a move in each direction (0 up, 90 right; -135 is the last case).
  function stepX(direction: number): number {
    if (direction == 0 || direction == 180) return 0
    return direction > 0 ? 1 : -1
  }
  function stepY(direction: number): number {
    if (direction == 90 || direction == -90) return 0
    return direction == 0 || direction == 45 || direction == -45 ? -1 : 1
  }
  export function sprite_goTo(s: number[], x: number, y: number): void {
    s[0] = clamp(0, 4, x)
    s[1] = clamp(0, 4, y)
    plot()
  }
  export function sprite_move(s: number[], leds: number): void {
    let n = num(leds)
    s[0] = clamp(0, 4, s[0] + stepX(s[2]) * n)
    s[1] = clamp(0, 4, s[1] + stepY(s[2]) * n)
    plot()
  }
  // At an edge and heading into it: turn away (the device's rules, corners included).
  export function sprite_ifOnEdgeBounce(s: number[]): void {
    let left = s[0] == 0
    let right = s[0] == 4
    let top = s[1] == 0
    let bottom = s[1] == 4
    let dir = s[2]
    if (dir == 0) {
      if (top) s[2] = 180
    } else if (dir == 45) {
      // The device checks the top-left corner here (not top-right): kept for the same paths.
      if (right || top) s[2] = left && top ? -135 : top ? 135 : -45
    } else if (dir == 90) {
      if (right) s[2] = -90
    } else if (dir == 135) {
      if (right || bottom) s[2] = right && bottom ? -45 : bottom ? 45 : -135
    } else if (dir == 180) {
      if (bottom) s[2] = 0
    } else if (dir == -45) {
      if (left || top) s[2] = left && top ? 135 : top ? -135 : 45
    } else if (dir == -90) {
      if (left) s[2] = 90
    } else if (left || bottom) s[2] = left && bottom ? 45 : bottom ? -45 : 135
    plot()
  }
  export function sprite_setDirection(s: number[], degrees: number): void {
    let dir = (Math.floor(num(degrees) / 45) % 8) * 45
    if (dir <= -180) dir += 360
    else if (dir > 180) dir -= 360
    s[2] = dir
    plot()
  }
  export function sprite_turn(s: number[], direction: number, degrees: number): void {
    let by = num(degrees)
    sprite_setDirection(s, direction == 0 ? s[2] + by : s[2] - by)
  }
  export function sprite_turnRight(s: number[], degrees: number): void {
    sprite_turn(s, 0, degrees)
  }
  export function sprite_turnLeft(s: number[], degrees: number): void {
    sprite_turn(s, 1, degrees)
  }
  export function sprite_changeDirectionBy(s: number[], angle: number): void {
    sprite_turnRight(s, angle)
  }
  export function sprite_x(s: number[]): number {
    return s[0]
  }
  export function sprite_y(s: number[]): number {
    return s[1]
  }
  export function sprite_direction(s: number[]): number {
    return s[2]
  }
  export function sprite_setX(s: number[], x: number): void {
    sprite_goTo(s, x, s[1])
  }
  export function sprite_setY(s: number[], y: number): void {
    sprite_goTo(s, s[0], y)
  }
  export function sprite_changeXBy(s: number[], x: number): void {
    sprite_goTo(s, s[0] + num(x), s[1])
  }
  export function sprite_changeYBy(s: number[], y: number): void {
    sprite_goTo(s, s[0], s[1] + num(y))
  }
  export function sprite_setBrightness(s: number[], brightness: number): void {
    s[3] = clamp(0, 255, brightness)
    plot()
  }
  export function sprite_brightness(s: number[]): number {
    return s[3]
  }
  export function sprite_changeBrightnessBy(s: number[], value: number): void {
    sprite_setBrightness(s, s[3] + num(value))
  }
  export function sprite_on(s: number[]): void {
    sprite_setBrightness(s, 255)
  }
  export function sprite_off(s: number[]): void {
    sprite_setBrightness(s, 0)
  }
  export function sprite_setBlink(s: number[], ms: number): void {
    s[4] = clamp(0, 10000, ms)
  }
  export function sprite_changeBlinkBy(s: number[], ms: number): void {
    sprite_setBlink(s, s[4] + num(ms))
  }
  export function sprite_blink(s: number[]): number {
    return s[4]
  }
  export function sprite_set(s: number[], property: number, value: number): void {
    if (property == 0) sprite_setX(s, value)
    else if (property == 1) sprite_setY(s, value)
    else if (property == 2) sprite_setDirection(s, value)
    else if (property == 3) sprite_setBrightness(s, value)
    else if (property == 4) sprite_setBlink(s, value)
  }
  export function sprite_change(s: number[], property: number, value: number): void {
    if (property == 0) sprite_changeXBy(s, value)
    else if (property == 1) sprite_changeYBy(s, value)
    else if (property == 2) sprite_changeDirectionBy(s, value)
    else if (property == 3) sprite_changeBrightnessBy(s, value)
    else if (property == 4) sprite_changeBlinkBy(s, value)
  }
  export function sprite_get(s: number[], property: number): number {
    if (property >= 0 && property <= 4) return s[property]
    return 0
  }
  // Both sprites are in the game and on the same LED.
  export function sprite_isTouching(s: number[], other: number[]): boolean {
    return s[5] == 1 && other[5] == 1 && s[0] == other[0] && s[1] == other[1]
  }
  export function sprite_isTouchingEdge(s: number[]): boolean {
    return s[5] == 1 && (s[0] == 0 || s[0] == 4 || s[1] == 0 || s[1] == 4)
  }
  export function sprite_delete(s: number[]): void {
    s[5] = 0
    let i = sprites.indexOf(s)
    if (i < 0) return
    sprites.removeAt(i)
    plot()
  }
  export function sprite_isDeleted(s: number[]): boolean {
    return s[5] == 0
  }
}
`;
