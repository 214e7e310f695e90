// Node-only helpers for tests, the benchmark, the e2e setup and the CLI.
export { runOnVirtualTime } from './virtual-time.ts';
export { hexcacheDir, nodeFirmwareLoader, nodeFirmwareStore } from './node-firmware.ts';
export { factoryBoard, factoryImages } from './emulated-setup.ts';
export { RealClock } from './real-clock.ts';
