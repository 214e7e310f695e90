// The runtime side of `input` (buttons so far): handlers run on the button's click event.

import type { Board } from '../board/board.ts';
import { BUTTON_EVENT, Buttons } from '../state/buttons.ts';
import { type NamespaceModule, toInt } from './namespace-module.ts';

export const inputModule: NamespaceModule = {
  names: ['input'],
  create(board: Board) {
    return {
      input: {
        onButtonPressed(button: number, body: () => unknown): void {
          const name = Buttons.fromEnum(toInt(button));
          if (!name || typeof body !== 'function') return;
          board.runtime.bus.listen(toInt(button), BUTTON_EVENT.CLICK, body, `on button ${name} pressed`);
        },
        buttonIsPressed(button: number): boolean {
          const name = Buttons.fromEnum(toInt(button));
          return name ? board.buttons.isPressed(name) : false;
        },
      },
    };
  },
};
