// `math_number_minmax`: the slider shadow of a parameter with a range. Its mutation says the range
// (`<mutation min="0" max="255"/>`, sometimes with `label` and `precision`); the slider field
// takes it from there. The mutation itself is kept exactly.

import { keepMutation } from './mutation-keeper.ts';
import type { MutableBlock } from './mutation-support.ts';

interface RangeField {
  setRange(min: number | undefined, max: number | undefined, precision?: number): void;
}

function isRangeField(value: unknown): value is RangeField {
  return typeof value === 'object' && value !== null && 'setRange' in value;
}

export function installMinMax(block: MutableBlock): void {
  const keep = block.domToMutation;
  block.domToMutation = (element: Element) => {
    if (keep) keep(element);
    else keepMutation(block, element);
    const field = block.getField('SLIDER');
    const number = (name: string) => {
      const value = Number.parseFloat(element.getAttribute(name) ?? '');
      return Number.isFinite(value) ? value : undefined;
    };
    if (isRangeField(field)) field.setRange(number('min'), number('max'), number('precision'));
  };
}
