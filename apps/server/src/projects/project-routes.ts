import type { CloudProject, CloudProjectSummary, CloudProjectVersionSummary } from '@blockyard/cloud/protocol';
import type { FastifyInstance } from 'fastify';
import type { Selectable, Transaction } from 'kysely';
import * as v from 'valibot';
import type { ApiContext } from '../api/api-context.ts';
import { ApiError } from '../api/api-error.ts';
import { parseInput } from '../api/validate.ts';
import { requireTarget, requireUser } from '../auth/request-auth.ts';
import type { Database, ProjectsTable } from '../database/schema.ts';
import { quotas } from '../limits/quota-counter.ts';
import { checkFiles, filesMap, projectId, projectName } from './project-input.ts';

/** Versions kept per cloud project (older ones are dropped as new ones arrive). */
const MAX_CLOUD_VERSIONS = 100;

const idParams = v.object({ id: projectId });
const versionParams = v.object({
  id: projectId,
  revision: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)),
});
const saveBody = v.object({
  name: projectName,
  files: filesMap,
  baseRevision: v.pipe(v.number(), v.integer(), v.minValue(0)),
  trashed: v.optional(v.boolean()),
});
const baseQuery = v.object({
  baseRevision: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)),
});

/** The owner's project row, locked until the transaction ends (compare-and-set on its revision). */
function lockOwnedProject(trx: Transaction<Database>, userId: string, id: string) {
  return trx
    .selectFrom('projects')
    .selectAll()
    .where('owner_id', '=', userId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

function summary(row: Omit<Selectable<ProjectsTable>, 'files' | 'owner_id' | 'created_at'>): CloudProjectSummary {
  return {
    id: row.id,
    name: row.name,
    revision: row.revision,
    updatedAt: new Date(row.updated_at).getTime(),
    size: row.size,
    deleted: row.deleted_at !== null,
  };
}

/**
 * A signed-in user's cloud projects. Every query is scoped by the caller's own id (the owner
 * is part of the key), so another user's project is simply not found (404), never shown.
 */
export function registerProjectRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db } = context;
  const notFound = () => new ApiError(404, 'There is no such project in your cloud projects.', 'not-found');

  app.get('/api/projects', async (request): Promise<CloudProjectSummary[]> => {
    requireTarget(request);
    const { userId } = await requireUser(context, request);
    const rows = await db
      .selectFrom('projects')
      .select(['id', 'name', 'revision', 'updated_at', 'size', 'deleted_at'])
      .where('owner_id', '=', userId)
      .orderBy('updated_at', 'desc')
      .execute();
    return rows.map(summary);
  });

  app.get('/api/projects/:id', async (request): Promise<CloudProject> => {
    requireTarget(request);
    const { userId } = await requireUser(context, request);
    const { id } = parseInput(idParams, request.params, 'project address');
    const row = await db
      .selectFrom('projects')
      .selectAll()
      .where('owner_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound();
    return { ...summary(row), files: row.files };
  });

  // Compare-and-set: saves only on top of `baseRevision` (0 creates); otherwise 409 with the
  // cloud's current project, so the device can tell a real conflict from a repeat of its own save.
  app.put('/api/projects/:id', { bodyLimit: context.limits.maxProjectCharacters * 2 + 10_000 }, async (request) => {
    requireTarget(request);
    const { userId } = await requireUser(context, request);
    const { id } = parseInput(idParams, request.params, 'project address');
    const body = parseInput(saveBody, request.body, 'project');
    const size = checkFiles(body.files, context.limits.maxProjectFiles, context.limits.maxProjectCharacters);
    await context.quotas.take(quotas.projectSavesPerUser, userId);
    await context.quotas.take(quotas.projectBytesPerUser, userId, size);
    const filesJson = JSON.stringify(body.files);

    const saved = await db.transaction().execute(async (trx) => {
      const current = await lockOwnedProject(trx, userId, id);
      const currentRevision = current?.revision ?? 0;
      if (body.baseRevision !== currentRevision) {
        if (!current) throw notFound();
        throw new ApiError(409, 'This project was changed on another device.', 'conflict', {
          current: { ...summary(current), files: current.files },
        });
      }
      const now = new Date(context.now());
      const trashed = body.trashed === true;
      const sameContent = current && current.name === body.name && JSON.stringify(current.files) === filesJson;
      if (current && sameContent && (current.deleted_at !== null) === trashed) return summary(current);
      const revision = currentRevision + 1;
      // Going to the trash keeps the date it went there; coming out of it clears it.
      const deletedAt = trashed ? (current?.deleted_at ?? now) : null;
      const row = current
        ? await trx
            .updateTable('projects')
            .set({ name: body.name, files: filesJson, revision, size, updated_at: now, deleted_at: deletedAt })
            .where('owner_id', '=', userId)
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirstOrThrow()
        : await trx
            .insertInto('projects')
            .values({
              owner_id: userId,
              id,
              name: body.name,
              files: filesJson,
              revision,
              size,
              created_at: now,
              updated_at: now,
              deleted_at: deletedAt,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
      // A move to or from the trash alone is a new revision (other devices follow it), not a
      // new version of the files.
      if (sameContent) return summary(row);
      await trx
        .insertInto('project_versions')
        .values({ owner_id: userId, project_id: id, revision, name: body.name, files: filesJson, size, saved_at: now })
        .execute();
      await trx
        .deleteFrom('project_versions')
        .where('owner_id', '=', userId)
        .where('project_id', '=', id)
        .where('revision', '<=', revision - MAX_CLOUD_VERSIONS)
        .execute();
      return summary(row);
    });
    return { status: 'saved', project: saved };
  });

  // Moves the project to the cloud's trash (its history stays); saving it again brings it back.
  app.delete('/api/projects/:id', async (request) => {
    requireTarget(request);
    const { userId } = await requireUser(context, request);
    const { id } = parseInput(idParams, request.params, 'project address');
    const row = await db
      .updateTable('projects')
      .set((eb) => ({
        deleted_at: new Date(context.now()),
        revision: eb('revision', '+', 1),
        updated_at: new Date(context.now()),
      }))
      .where('owner_id', '=', userId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .returning(['id', 'name', 'revision', 'updated_at', 'size', 'deleted_at'])
      .executeTakeFirst();
    if (row) return summary(row);
    const existing = await db
      .selectFrom('projects')
      .select(['id', 'name', 'revision', 'updated_at', 'size', 'deleted_at'])
      .where('owner_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!existing) throw notFound();
    return summary(existing);
  });

  // Deletes a project and its history for good (deleted forever on a device), compare-and-set on
  // `?baseRevision=`: a project changed meanwhile on another device is kept (409 with it).
  app.delete('/api/projects/:id/forever', async (request) => {
    requireTarget(request);
    const { userId } = await requireUser(context, request);
    const { id } = parseInput(idParams, request.params, 'project address');
    const { baseRevision } = parseInput(baseQuery, request.query, 'project revision');
    await db.transaction().execute(async (trx) => {
      const current = await lockOwnedProject(trx, userId, id);
      if (!current) throw notFound();
      if (current.revision !== baseRevision) {
        throw new ApiError(409, 'This project was changed on another device.', 'conflict', {
          current: { ...summary(current), files: current.files },
        });
      }
      await trx.deleteFrom('project_versions').where('owner_id', '=', userId).where('project_id', '=', id).execute();
      await trx.deleteFrom('projects').where('owner_id', '=', userId).where('id', '=', id).execute();
    });
    return { status: 'deleted' };
  });

  app.get('/api/projects/:id/history', async (request): Promise<CloudProjectVersionSummary[]> => {
    requireTarget(request);
    const { userId } = await requireUser(context, request);
    const { id } = parseInput(idParams, request.params, 'project address');
    const rows = await db
      .selectFrom('project_versions')
      .select(['revision', 'name', 'saved_at', 'size'])
      .where('owner_id', '=', userId)
      .where('project_id', '=', id)
      .orderBy('revision', 'desc')
      .execute();
    if (rows.length === 0) throw notFound();
    return rows.map((row) => ({
      revision: row.revision,
      name: row.name,
      savedAt: new Date(row.saved_at).getTime(),
      size: row.size,
    }));
  });

  app.get('/api/projects/:id/history/:revision', async (request) => {
    requireTarget(request);
    const { userId } = await requireUser(context, request);
    const { id, revision } = parseInput(versionParams, request.params, 'project address');
    const row = await db
      .selectFrom('project_versions')
      .selectAll()
      .where('owner_id', '=', userId)
      .where('project_id', '=', id)
      .where('revision', '=', revision)
      .executeTakeFirst();
    if (!row) throw notFound();
    return {
      revision: row.revision,
      name: row.name,
      savedAt: new Date(row.saved_at).getTime(),
      size: row.size,
      files: row.files,
    };
  });
}
