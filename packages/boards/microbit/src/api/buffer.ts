// The runtime side of api/buffer.d.ts: the `hex` tag. The compiler turns every hex`…` literal into
// a read-only buffer itself (`$h.hexLiteral`, digits checked at compile time); this function is
// only reached when a program passes `hex` around as a value, so it checks the text at run time.

import { RtBuffer, RuntimeError } from '@blockyard/runtime';
import type { NamespaceModule } from './namespace-module.ts';

function hex(literal: unknown, ...substitutions: unknown[]): RtBuffer {
  const parts = Array.isArray(literal) ? literal.map(String) : [String(literal)];
  let text = parts[0] ?? '';
  substitutions.forEach((value, i) => (text += String(value) + (parts[i + 1] ?? '')));
  const digits = text.replace(/\s+/g, '');
  if (digits.length % 2 !== 0 || /[^0-9a-fA-F]/.test(digits)) {
    throw new RuntimeError('type-error', 'A hex literal needs pairs of hexadecimal digits (0-9, a-f).');
  }
  return RtBuffer.fromHex(digits, true);
}

export const bufferModule: NamespaceModule = {
  names: ['hex'],
  create() {
    return { hex };
  },
};
