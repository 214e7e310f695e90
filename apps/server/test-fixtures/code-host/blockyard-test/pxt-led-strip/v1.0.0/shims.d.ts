// Declarations of the C++ functions in sendbuffer.cpp.
declare namespace ledstrip {
    /**
     * Send the colour bytes (green, red, blue per LED) down the strip's wire.
     */
    //% shim=ledstrip::sendBuffer
    function sendBuffer(buf: Buffer, pin: number): void;
}
