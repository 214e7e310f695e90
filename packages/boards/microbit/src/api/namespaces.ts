// Every namespace module of the board, in one list. Adding a namespace = a declaration file in
// api/, a module here, tests next to it (see the package README).

import { basicModule } from './basic.ts';
import { bufferModule } from './buffer.ts';
import { consoleModule } from './console.ts';
import { controlModule } from './control.ts';
import { gameModule } from './game.ts';
import { imagesModule } from './images.ts';
import { inputModule } from './input.ts';
import { ledModule } from './led.ts';
import { lightModule } from './light.ts';
import { loopsModule } from './loops.ts';
import { musicModule } from './music.ts';
import type { NamespaceModule } from './namespace-module.ts';
import { pinsModule } from './pins.ts';
import { radioModule } from './radio.ts';
import { serialModule } from './serial.ts';

export const namespaceModules: readonly NamespaceModule[] = [
  basicModule,
  inputModule,
  serialModule,
  controlModule,
  consoleModule,
  ledModule,
  imagesModule,
  gameModule,
  loopsModule,
  pinsModule,
  musicModule,
  radioModule,
  bufferModule,
  lightModule,
];
