// A learner's namespace (functions and globals flattened, qualified names), enums as constants,
// an enum used as an object, a function added to a library namespace.
enum Mode {
    Slow,
    Fast = 5,
    Faster
}
namespace game2 {
    export let lives = 3
    export function lose() {
        lives--
        if (lives == 0) basic.showString("over")
    }
}
namespace basic {
    export function showTwice(n: number) {
        basic.showNumber(n)
        basic.showNumber(n)
    }
}
let mode = Mode.Fast
game2.lose()
basic.showTwice(game2.lives)
serial.writeLine(Mode[mode] + Mode.Faster)
