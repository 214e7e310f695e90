// Declarations of the C++ functions in motor.cpp.
declare namespace motor {
    /**
     * Drive the motor at a speed from -100 to 100.
     */
    //% blockId=motor_run block="run motor at %speed" shim=motor::run
    function run(speed: number): void;
}
