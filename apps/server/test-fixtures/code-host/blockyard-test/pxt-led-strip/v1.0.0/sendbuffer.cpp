#include "pxt.h"

namespace ledstrip {
//%
void sendBuffer(Buffer buf, int pin) {
    // bit-bangs the WS2812B timing on the pin (the real board only)
}
}
