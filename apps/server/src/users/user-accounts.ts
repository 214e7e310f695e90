import type { IdpPicture, UserProfile } from '@blockyard/cloud/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../database/index.ts';
import type { IdentityClaims } from '../auth/sign-in-provider.ts';

const MAX_USERNAME_LENGTH = 40;
/** Characters of an avatar data URL. */
const MAX_AVATAR_CHARACTERS = 150_000;

/** A name fit to show: no control characters, spaces collapsed, at most 40 characters. */
export function cleanName(raw: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const cleaned = raw.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/g, '');
  return [...cleaned.replace(/\s+/g, ' ').trim()].slice(0, MAX_USERNAME_LENGTH).join('');
}

/** Avatars are pictures we hold ourselves: a base64 PNG, JPEG, GIF or WebP data URL, small. */
export function isAcceptableAvatar(url: string): boolean {
  return url.length <= MAX_AVATAR_CHARACTERS && /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+=*$/.test(url);
}

/**
 * The user an identity belongs to, made on first sign-in. Safe when two server processes sign
 * the same new person in at once: the unique keys decide, and both end with the same user.
 */
export async function userForIdentity(
  db: Kysely<Database>,
  provider: string,
  claims: IdentityClaims,
  picture?: { mimeType: string; encoded: string },
): Promise<string> {
  const displayName = cleanName(claims.displayName) || 'Learner';
  const username = cleanName(claims.username) || displayName;
  const pictureJson = picture ? JSON.stringify(picture) : null;
  return db.transaction().execute(async (trx) => {
    const known = await trx
      .updateTable('identities')
      .set({ display_name: displayName, username, picture: pictureJson, updated_at: new Date() })
      .where('provider', '=', provider)
      .where('subject', '=', claims.subject)
      .returning('user_id')
      .executeTakeFirst();
    if (known) return known.user_id;

    await trx
      .insertInto('users')
      .values({ username, avatar_url: null, idp_provider: provider, idp_subject: claims.subject })
      .onConflict((oc) => oc.columns(['idp_provider', 'idp_subject']).doNothing())
      .execute();
    const user = await trx
      .selectFrom('users')
      .select('id')
      .where('idp_provider', '=', provider)
      .where('idp_subject', '=', claims.subject)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('identities')
      .values({
        provider,
        subject: claims.subject,
        user_id: user.id,
        display_name: displayName,
        username,
        picture: pictureJson,
      })
      .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
      .execute();
    return user.id;
  });
}

/** Spec 000 §3 profile of a user, or undefined when the account is gone. */
export async function readProfile(db: Kysely<Database>, userId: string): Promise<UserProfile | undefined> {
  const row = await db
    .selectFrom('users')
    .leftJoin('identities', (join) =>
      join
        .onRef('identities.provider', '=', 'users.idp_provider')
        .onRef('identities.subject', '=', 'users.idp_subject'),
    )
    .select([
      'users.id',
      'users.username',
      'users.avatar_url',
      'users.idp_provider',
      'identities.display_name',
      'identities.username as idp_username',
      'identities.picture',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const picture: IdpPicture = row.picture
    ? {
        encoded: row.picture.encoded,
        mimeType: row.picture.mimeType,
        dataUrl: `data:${row.picture.mimeType};base64,${row.picture.encoded}`,
      }
    : {};
  return {
    id: row.id,
    username: row.username,
    avatarUrl: row.avatar_url,
    idp: {
      provider: row.idp_provider,
      displayName: row.display_name ?? row.username,
      username: row.idp_username ?? row.username,
      picture,
    },
  };
}

/** Copies the provider's picture in (https only, an image, at most 100 KB, 5 s); undefined on any problem. */
export async function fetchPicture(
  url: string | undefined,
  fetchImpl: typeof fetch = fetch,
): Promise<{ mimeType: string; encoded: string } | undefined> {
  if (!url?.startsWith('https://')) return undefined;
  try {
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(5000), redirect: 'error' });
    const mimeType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
    if (!response.ok || !/^image\/(png|jpeg|gif|webp)$/.test(mimeType)) return undefined;
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length > 100_000) return undefined;
    return { mimeType, encoded: Buffer.from(bytes).toString('base64') };
  } catch {
    return undefined;
  }
}
