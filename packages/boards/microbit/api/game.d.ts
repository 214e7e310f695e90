// The `game` namespace: a game engine with single-LED sprites, score, lives, a countdown and
// the game-over sequence.

/**
 * Which way a sprite turns.
 */
declare const enum Direction {
  //% block=right
  Right = 0,
  //% block=left
  Left = 1,
}

/**
 * A property of a sprite to read or change.
 */
declare const enum LedSpriteProperty {
  //% block=x
  X = 0,
  //% block=y
  Y = 1,
  //% block=direction
  Direction = 2,
  //% block=brightness
  Brightness = 3,
  //% block=blink
  Blink = 4,
}

/**
 * Make games with sprites of one LED each, a score, lives and a countdown.
 */
//% color=#007A4B weight=32 icon="\uf11b"
//% advanced=true
declare namespace game {
  /**
   * A new sprite at column x and row y, pointing right.
   * @param x the column, from 0 to 4, eg: 2
   * @param y the row, from 0 to 4, eg: 2
   */
  //% weight=60 blockGap=8 help=game/create-sprite
  //% blockId=game_create_sprite block="create sprite at|x: %x|y: %y"
  //% parts="ledmatrix"
  function createSprite(x: number, y: number): LedSprite;

  /**
   * The score.
   */
  //% weight=9 help=game/score
  //% blockId=game_score block="score" blockGap=8
  function score(): number;

  /**
   * Adds points to the score, with a flash on the screen.
   * @param points how many points to add, eg: 1
   */
  //% weight=10 help=game/add-score
  //% blockId=game_add_score block="change score by|%points" blockGap=8
  //% parts="ledmatrix"
  function addScore(points: number): void;

  /**
   * Shows a short animation, then starts a countdown: when it runs out, the game is over.
   * @param ms how long the countdown lasts, eg: 10000
   */
  //% weight=9 help=game/start-countdown
  //% blockId=game_start_countdown block="start countdown|(ms) %duration" blockGap=8
  //% parts="ledmatrix" async
  function startCountdown(ms: number): void;

  /**
   * Ends the game: the screen flashes, then "GAME OVER" and the score show again and again.
   * Press A+B to start over.
   */
  //% weight=8 help=game/game-over
  //% blockId=game_game_over block="game over"
  //% parts="ledmatrix" async
  function gameOver(): void;

  /**
   * Sets the score (never below 0).
   * @param value the new score
   */
  //% blockId=game_set_score block="set score %points" blockGap=8
  //% weight=10 help=game/set-score
  function setScore(value: number): void;

  /**
   * How many lives are left (3 at the start).
   */
  //% weight=10 help=game/life
  function life(): number;

  /**
   * Sets the number of lives; at 0 the game is over.
   * @param value how many lives
   */
  //% weight=10 help=game/set-life async
  //% blockId=game_set_life block="set life %value" blockGap=8
  function setLife(value: number): void;

  /**
   * Gives extra lives.
   * @param lives how many lives to add
   */
  //% weight=10 help=game/add-life async
  //% blockId=game_add_life block="add life %lives" blockGap=8
  function addLife(lives: number): void;

  /**
   * Takes lives away, with a cross on the screen; at 0 the game is over.
   * @param life how many lives to take
   */
  //% weight=10 help=game/remove-life async
  //% parts="ledmatrix"
  //% blockId=game_remove_life block="remove life %life" blockGap=8
  function removeLife(life: number): void;

  /**
   * Milliseconds left of the countdown, or since the stopwatch (or the program) started.
   */
  //% weight=10 help=game/current-time
  function currentTime(): number;

  /**
   * Goes up a level and shows it.
   */
  //% weight=10 help=game/level-up async
  //% parts="ledmatrix"
  function levelUp(): void;

  /**
   * The current level (1 at the start).
   */
  //% weight=10 help=game/level
  function level(): number;

  /**
   * Starts a stopwatch: currentTime then counts up from now.
   */
  //% weight=10 help=game/start-stopwatch
  function startStopwatch(): void;

  /**
   * Whether the game is going on: started, not paused and not over.
   */
  //% weight=5 help=game/is-running
  //% blockId=game_isrunning block="is running" blockGap=8
  function isRunning(): boolean;

  /**
   * Shows the score on the screen.
   */
  //% weight=60 help=game/show-score async
  //% parts="ledmatrix"
  function showScore(): void;

  /**
   * Whether the game is over (and showing the game-over sequence).
   */
  //% weight=7 help=game/is-game-over
  //% blockId=game_isgameover block="is game over" blockGap=8
  function isGameOver(): boolean;

  /**
   * Whether drawing the sprites is paused.
   */
  //% weight=6 help=game/is-paused
  //% blockId=game_ispaused block="is paused" blockGap=8
  function isPaused(): boolean;

  /**
   * Stops drawing the sprites, so other pictures can use the screen.
   */
  //% blockId=game_pause block="pause"
  //% advanced=true blockGap=8 help=game/pause
  function pause(): void;

  /**
   * Draws the sprites again after a pause.
   */
  //% blockId=game_resume block="resume"
  //% advanced=true blockGap=8 help=game/resume
  function resume(): void;

  /**
   * No sprite (null), to give a sprite variable a first value.
   */
  //% weight=0 help=game/invalid-sprite blockHidden=true
  function invalidSprite(): LedSprite;

  /**
   * A sprite: one LED with a position, a direction, a brightness and a blink.
   */
  class LedSprite {
    /**
     * A new sprite at column x and row y that joins the game (the same as game.createSprite).
     */
    constructor(x: number, y: number);

    /**
     * Moves the sprite forward in its direction, stopping at the edge.
     * @param leds how many LEDs to move, eg: 1, -1
     */
    //% weight=50 help=game/move
    //% blockId=game_move_sprite block="%sprite|move by %leds" blockGap=8
    //% parts="ledmatrix"
    move(leds: number): void;

    /**
     * Puts the sprite at column x and row y.
     */
    //% help=game/go-to
    //% parts="ledmatrix"
    goTo(x: number, y: number): void;

    /**
     * When the sprite is at an edge and heading into it, turns it around.
     */
    //% weight=18 help=game/if-on-edge-bounce
    //% blockId=game_sprite_bounce block="%sprite|if on edge, bounce"
    //% parts="ledmatrix"
    ifOnEdgeBounce(): void;

    /**
     * Turns the sprite left or right.
     * @param direction left or right
     * @param degrees how far to turn, eg: 45, 90, 180, 135
     */
    //% weight=49 help=game/turn
    //% blockId=game_turn_sprite block="%sprite|turn %direction|by (°) %degrees"
    turn(direction: Direction, degrees: number): void;

    /**
     * Turns the sprite clockwise.
     */
    //% help=game/turn-right
    turnRight(degrees: number): void;

    /**
     * Turns the sprite anticlockwise.
     */
    //% help=game/turn-left
    turnLeft(degrees: number): void;

    /**
     * Sets a property of the sprite.
     * @param property what to set
     * @param value the new value
     */
    //% weight=29 help=game/set
    //% blockId=game_sprite_set_property block="%sprite|set %property|to %value" blockGap=8
    set(property: LedSpriteProperty, value: number): void;

    /**
     * Changes a property of the sprite by an amount.
     * @param property what to change
     * @param value how much to add, eg: 1
     */
    //% weight=30 help=game/change
    //% blockId=game_sprite_change_xy block="%sprite|change %property|by %value" blockGap=8
    change(property: LedSpriteProperty, value: number): void;

    /**
     * A property of the sprite.
     * @param property what to read
     */
    //% weight=28 help=game/get
    //% blockId=game_sprite_property block="%sprite|%property"
    get(property: LedSpriteProperty): number;

    /**
     * Points the sprite in a direction (rounded down to a multiple of 45°; 0 is up, 90 right).
     */
    //% help=game/set-direction
    //% parts="ledmatrix"
    setDirection(degrees: number): void;

    /** The sprite's column. */
    //% help=game/x
    x(): number;

    /** The sprite's row. */
    //% help=game/y
    y(): number;

    /** The sprite's direction in degrees. */
    //% help=game/direction
    direction(): number;

    /** Moves the sprite to column x. */
    //% help=game/set-x
    setX(x: number): void;

    /** Moves the sprite to row y. */
    //% help=game/set-y
    setY(y: number): void;

    /** Moves the sprite down by y rows (up when negative). */
    //% help=game/change-y-by
    changeYBy(y: number): void;

    /** Moves the sprite right by x columns (left when negative). */
    //% help=game/change-x-by
    changeXBy(x: number): void;

    /**
     * Whether this sprite and `other` are both in the game and on the same LED.
     * @param other the other sprite
     */
    //% weight=20 help=game/is-touching
    //% blockId=game_sprite_touching_sprite block="is %sprite|touching %other" blockGap=8
    isTouching(other: LedSprite): boolean;

    /**
     * Whether the sprite is on an edge of the screen.
     */
    //% weight=19 help=game/is-touching-edge
    //% blockId=game_sprite_touching_edge block="is %sprite|touching edge" blockGap=8
    isTouchingEdge(): boolean;

    /** Turns the sprite on (full brightness). */
    //% help=game/on
    on(): void;

    /** Turns the sprite off (brightness 0). */
    //% help=game/off
    off(): void;

    /** Sets the sprite's brightness, from 0 (off) to 255. */
    //% help=game/set-brightness
    //% parts="ledmatrix"
    setBrightness(brightness: number): void;

    /** The sprite's brightness. */
    //% help=game/brightness
    //% parts="ledmatrix"
    brightness(): number;

    /** Changes the sprite's brightness by an amount. */
    //% help=game/change-brightness-by
    changeBrightnessBy(value: number): void;

    /** Turns the sprite clockwise by `angle` degrees. */
    //% help=game/change-direction-by
    changeDirectionBy(angle: number): void;

    /**
     * Takes the sprite out of the game: it disappears and touches nothing.
     */
    //% weight=59 blockGap=8 help=game/delete
    //% blockId="game_delete_sprite" block="delete %this(sprite)"
    delete(): void;

    /**
     * Whether the sprite has been deleted.
     */
    //% weight=58 help=game/is-deleted
    //% blockId="game_sprite_is_deleted" block="is %sprite|deleted"
    isDeleted(): boolean;

    /** Makes the sprite blink, `ms` milliseconds on and `ms` off (0: steady). */
    //% help=game/set-blink
    setBlink(ms: number): void;

    /** Changes the blink time by an amount. */
    //% help=game/change-blink-by
    changeBlinkBy(ms: number): void;

    /** The blink time in milliseconds (0: steady). */
    //% help=game/blink
    blink(): number;
  }
}
