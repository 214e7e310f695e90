// How long the emulated board's Bluetooth takes, shared by the emulated link and the board that
// owns it (its own file so neither has to import the other).

/**
 * Board time for a connect, a notification (one connection interval) and a reboot. supervisionMs:
 * how long a link outlives a board that stopped answering (a halted core runs no radio stack);
 * Bluetooth's supervision timeout, 4 s as the micro:bit's connection parameters set it.
 */
export const EMULATED_BLE_TIMING = { connectMs: 300, answerMs: 8, rebootMs: 400, supervisionMs: 4000 } as const;
