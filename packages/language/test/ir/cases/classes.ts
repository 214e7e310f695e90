// Classes: fields and parameter properties, constructors (one synthesized), inheritance with a
// virtual method, a method nothing overrides (called directly), super calls, accessors, statics.
class Shape {
    static count = 0
    sides = 0
    constructor(public name: string) {
        Shape.count++
    }
    describe(): string {
        return this.name + " " + this.area()
    }
    area(): number {
        return 0
    }
    get label() {
        return "<" + this.name + ">"
    }
    set label(value: string) {
        this.name = value
    }
    static reset() {
        Shape.count = 0
    }
}
class Square extends Shape {
    size = 2
    area(): number {
        return this.size * this.size
    }
    describe(): string {
        return "square " + super.describe()
    }
}
class Tile extends Square {
}
let shapes: Shape[] = [new Shape("dot"), new Square("box"), new Tile("tile")]
for (let shape of shapes) {
    serial.writeLine(shape.describe())
}
let tile = new Tile("t")
tile.label = "new"
serial.writeLine(tile.label + tile.area() + Shape.count)
Shape.reset()
if (tile instanceof Square) serial.writeLine("square")
