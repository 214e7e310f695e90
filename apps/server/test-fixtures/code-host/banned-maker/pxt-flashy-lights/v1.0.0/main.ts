//% color="#db2777"
namespace flashy {
    //% block="flash"
    export function flash(): void {
        basic.showIcon(IconNames.Heart);
    }
}
