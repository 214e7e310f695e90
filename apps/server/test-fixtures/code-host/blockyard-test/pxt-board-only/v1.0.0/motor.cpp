#include "pxt.h"

namespace motor {
//%
void run(int speed) {
    // drives the H-bridge on the real board
}
}
