import { describe, expect, it } from 'vitest';
import { idbError } from './idb-requests.ts';

describe('idbError', () => {
  it('maps IndexedDB failures to the codes the UI understands', () => {
    expect(idbError(new DOMException('full', 'QuotaExceededError')).code).toBe('quota-exceeded');
    expect(idbError(new DOMException('closing', 'InvalidStateError')).code).toBe('unavailable');
    expect(idbError(new DOMException('?', 'UnknownError')).code).toBe('unavailable');
    expect(idbError(new DOMException('clone', 'DataCloneError'))).toMatchObject({
      code: 'failed',
      message: expect.stringContaining('DataCloneError') as unknown,
    });
    expect(idbError(null).code).toBe('failed');
  });
});
