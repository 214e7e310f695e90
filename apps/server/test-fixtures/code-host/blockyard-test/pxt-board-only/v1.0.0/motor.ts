//% color="#9a3412" icon="\uf013" block="Motor"
namespace motor {
    /**
     * Stop the motor.
     */
    //% blockId=motor_stop block="stop motor"
    export function stop(): void {
        run(0);
    }
}
