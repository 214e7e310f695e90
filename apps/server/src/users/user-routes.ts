import type { UserPreferences, UserProfile } from '@blockyard/cloud/protocol';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { ApiContext } from '../api/api-context.ts';
import { ApiError } from '../api/api-error.ts';
import { parseInput } from '../api/validate.ts';
import { clearAuthCookie, requireTarget, requireUser } from '../auth/request-auth.ts';
import { quotas } from '../limits/quota-counter.ts';
import { applyPreferencePatch, parsePatch, withDefaults } from './preferences.ts';
import { cleanName, isAcceptableAvatar, readProfile } from './user-accounts.ts';

const profileUpdate = v.object({
  id: v.pipe(v.string(), v.maxLength(100)),
  username: v.pipe(v.string(), v.maxLength(200)),
  avatarUrl: v.nullable(v.pipe(v.string(), v.maxLength(200_000))),
});

/** Spec 000 §7 account calls: profile, account deletion, preferences. Each needs a signed-in user. */
export function registerUserRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db } = context;

  app.get('/api/user/profile', async (request): Promise<UserProfile> => {
    requireTarget(request);
    const { userId } = await requireUser(context, request);
    const profile = await readProfile(db, userId);
    if (!profile) throw new ApiError(404, 'This account no longer exists.', 'no-account');
    return profile;
  });

  app.post('/api/user/profile', async (request): Promise<UserProfile> => {
    requireTarget(request);
    const { userId } = await requireUser(context, request);
    const update = parseInput(profileUpdate, request.body, 'profile');
    if (update.id !== userId) throw new ApiError(403, 'You can change only your own profile.', 'forbidden');
    const username = cleanName(update.username);
    if (!username) throw new ApiError(400, 'Please give a name (letters, numbers or spaces).', 'invalid');
    if (update.avatarUrl !== null && !isAcceptableAvatar(update.avatarUrl)) {
      throw new ApiError(400, 'The picture must be a small PNG, JPEG, GIF or WebP image.', 'invalid');
    }
    await db.updateTable('users').set({ username, avatar_url: update.avatarUrl }).where('id', '=', userId).execute();
    const profile = await readProfile(db, userId);
    if (!profile) throw new ApiError(404, 'This account no longer exists.', 'no-account');
    return profile;
  });

  // Deletes the account and everything of it: identities, sessions, preferences, cloud projects
  // and their history, and the projects it shared (the foreign keys cascade).
  app.delete('/api/user', async (request, reply) => {
    requireTarget(request);
    const { userId } = await requireUser(context, request);
    await db.deleteFrom('users').where('id', '=', userId).execute();
    clearAuthCookie(context, reply);
    return { deleted: true };
  });

  app.get('/api/user/preferences', async (request): Promise<UserPreferences> => {
    requireTarget(request);
    const { userId } = await requireUser(context, request);
    const row = await db
      .selectFrom('user_preferences')
      .select('preferences')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return withDefaults(row?.preferences);
  });

  // Patches apply one at a time per user (the row is locked), so patches sent at once by two
  // devices or two server processes all land: none is lost.
  app.patch('/api/user/preferences', async (request): Promise<UserPreferences> => {
    requireTarget(request);
    const { userId } = await requireUser(context, request);
    const operations = parsePatch(request.body, context.limits.maxPatchOperations);
    await context.quotas.take(quotas.preferencePatchesPerUser, userId);
    return db.transaction().execute(async (trx) => {
      await trx
        .insertInto('user_preferences')
        .values({ user_id: userId, preferences: JSON.stringify({}) })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      const row = await trx
        .selectFrom('user_preferences')
        .select('preferences')
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const next = applyPreferencePatch(
        withDefaults(row.preferences),
        operations,
        context.limits.maxPreferencesCharacters,
      );
      await trx
        .updateTable('user_preferences')
        .set({ preferences: JSON.stringify(next), updated_at: new Date() })
        .where('user_id', '=', userId)
        .execute();
      return next;
    });
  });
}
