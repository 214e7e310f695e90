import type { Kysely } from 'kysely';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Database } from '../database/index.ts';

/**
 * Secrets every server process behind one database must share: made once by whichever process
 * starts first (insert … on conflict do nothing), then read by all. They never leave the server.
 */
export interface ServerSecrets {
  /** Keys the hashes of addresses kept for abuse limits (never the addresses themselves). */
  readonly hashKey: string;
  /** Signs the local identity provider's cookies. */
  readonly cookieKeys: readonly string[];
  /** The local identity provider's client secret (the server is its only client). */
  readonly localClientSecret: string;
  /** The local identity provider's signing key (an RSA private JWK). */
  readonly localSigningKey: Record<string, unknown>;
}

const SECRETS_KEY = 'server_secrets';

function newSecrets(): ServerSecrets {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as Record<string, unknown>;
  return {
    hashKey: randomBytes(32).toString('base64url'),
    cookieKeys: [randomBytes(32).toString('base64url')],
    localClientSecret: randomBytes(32).toString('base64url'),
    localSigningKey: { ...jwk, kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' },
  };
}

function isSecrets(value: unknown): value is ServerSecrets {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.hashKey === 'string' &&
    Array.isArray(v.cookieKeys) &&
    typeof v.localClientSecret === 'string' &&
    typeof v.localSigningKey === 'object' &&
    v.localSigningKey !== null
  );
}

export async function loadServerSecrets(db: Kysely<Database>): Promise<ServerSecrets> {
  await db
    .insertInto('app_meta')
    .values({ key: SECRETS_KEY, value: JSON.stringify(newSecrets()) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', SECRETS_KEY).executeTakeFirstOrThrow();
  if (!isSecrets(row.value)) throw new Error('The stored server secrets are damaged (app_meta.server_secrets).');
  return row.value;
}
