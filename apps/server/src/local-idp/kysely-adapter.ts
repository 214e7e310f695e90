import type { Kysely } from 'kysely';
import type { Database } from '../database/index.ts';

/** What oidc-provider stores: a JSON object it reads back as it wrote it. */
export type AdapterPayload = Record<string, unknown> & {
  grantId?: string;
  userCode?: string;
  uid?: string;
  consumed?: number;
};

/** Kinds that belong to a grant: revoking the grant removes them (and only them). */
const grantable = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);

/**
 * oidc-provider's storage interface over our database (its default keeps everything in one
 * process's memory, which breaks as soon as two server processes share the work). One adapter
 * per model kind (Session, Interaction, AuthorizationCode, Grant, …).
 */
export class KyselyOidcAdapter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly kind: string,
    private readonly now: () => number = Date.now,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt = typeof expiresIn === 'number' ? new Date(this.now() + expiresIn * 1000) : null;
    const row = {
      kind: this.kind,
      id,
      payload: JSON.stringify(payload),
      grant_id: grantable.has(this.kind) ? (payload.grantId ?? null) : null,
      user_code: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expires_at: expiresAt,
      consumed_at: null,
    };
    await this.db
      .insertInto('oidc_payloads')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['kind', 'id']).doUpdateSet({
          payload: row.payload,
          grant_id: row.grant_id,
          user_code: row.user_code,
          uid: row.uid,
          expires_at: row.expires_at,
          consumed_at: null,
        }),
      )
      .execute();
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('id', id);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('user_code', userCode);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('uid', uid);
  }

  async consume(id: string): Promise<void> {
    await this.db
      .updateTable('oidc_payloads')
      .set({ consumed_at: new Date(this.now()) })
      .where('kind', '=', this.kind)
      .where('id', '=', id)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    await this.db.deleteFrom('oidc_payloads').where('kind', '=', this.kind).where('id', '=', id).execute();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
  }

  private async findWhere(column: 'id' | 'user_code' | 'uid', value: string): Promise<AdapterPayload | undefined> {
    const row = await this.db
      .selectFrom('oidc_payloads')
      .select(['payload', 'expires_at', 'consumed_at'])
      .where('kind', '=', this.kind)
      .where(column, '=', value)
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.expires_at !== null && new Date(row.expires_at).getTime() <= this.now()) return undefined;
    const payload = { ...row.payload } as AdapterPayload;
    if (row.consumed_at !== null) payload.consumed = Math.floor(new Date(row.consumed_at).getTime() / 1000);
    return payload;
  }
}

/** Drops the provider's expired records (called now and then). */
export async function pruneOidcPayloads(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await db.deleteFrom('oidc_payloads').where('expires_at', '<', new Date(now)).execute();
}
