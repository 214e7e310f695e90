// Programs whose stacks differ in shape and size, for checking how decompiled stacks are laid
// out: layout.test.ts holds the size estimate against drawn sizes and the e2e blocks-layout
// journey checks that no two stacks overlap once drawn in Chromium. One text, so both speak of
// the same blocks.

/** A function with a loop and an if/else (drawn 622 tall on the zelos renderer). */
export const drawSmileFunction = `function drawSmile(size: number) {
    basic.clearScreen()
    for (let i = 0; i < size; i++) {
        if (i % 2 == 0) {
            led.plot(i, 0)
        } else {
            led.plot(0, i)
        }
        basic.pause(100)
    }
    basic.showIcon(IconNames.Happy)
}
`;

/** Six or more top stacks: two functions, three events and a forever. */
export const layoutSampleProgram = `${drawSmileFunction}function countDown(from: number) {
    let n = from
    while (n > 0) {
        basic.showNumber(n)
        n = n - 1
        if (input.buttonIsPressed(Button.A)) {
            basic.showString("stop")
        }
    }
}
input.onButtonPressed(Button.A, function () {
    drawSmile(5)
    countDown(3)
})
input.onButtonPressed(Button.B, function () {
    basic.showString("Hello!")
    if (input.temperature() > 20) {
        basic.showIcon(IconNames.Heart)
    }
})
input.onGesture(Gesture.Shake, function () {
    basic.showNumber(randint(1, 6))
})
basic.forever(function () {
    led.toggle(2, 2)
    basic.pause(500)
})
`;
