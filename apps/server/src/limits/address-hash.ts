import { createHmac } from 'node:crypto';

/**
 * A keyed hash of a client's address: enough to count and to refuse repeats, but the address
 * itself is never stored. The key is the server's own (ServerSecrets.hashKey).
 */
export function addressHash(hashKey: string, address: string): string {
  return createHmac('sha256', hashKey).update(address).digest('base64url').slice(0, 22);
}
