import {
  isPublishedScriptId,
  REPORT_REASONS,
  scriptIdFromBytes,
  type PublishResponse,
  type ScriptMeta,
  type SharedVersion,
  UNPUBLISH_KEY_HEADER,
} from '@blockyard/cloud/protocol';
import { editorFor, TARGET_ID } from '@blockyard/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import * as v from 'valibot';
import type { ApiContext } from '../api/api-context.ts';
import { ApiError } from '../api/api-error.ts';
import { parseInput } from '../api/validate.ts';
import { optionalUser } from '../auth/request-auth.ts';
import { hashSecret, newSecret, sameHash } from '../auth/secrets.ts';
import { addressHash } from '../limits/address-hash.ts';
import { quotas } from '../limits/quota-counter.ts';
import { checkFiles, filesMap, projectName } from '../projects/project-input.ts';

const publishBody = v.object({
  name: projectName,
  description: v.optional(v.pipe(v.string(), v.maxLength(1000)), ''),
  files: filesMap,
  thumbnail: v.optional(
    v.pipe(v.string(), v.regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, 'the picture is not a PNG')),
  ),
  history: v.optional(v.array(v.object({ time: v.pipe(v.number(), v.integer()), name: projectName, files: filesMap }))),
});

const reportBody = v.object({
  reason: v.picklist(REPORT_REASONS),
  details: v.optional(v.pipe(v.string(), v.maxLength(1000)), ''),
});

const idParams = v.object({ id: v.string() });

/**
 * Sharing (spec 001 §5, §7): publishing an immutable snapshot under a script id, reading it
 * (`/api/{id}`, `/text`, `/thumb`, `/history`), unpublishing by its publisher, and reports.
 * Reads answer with an ETag: a snapshot never changes, only disappears.
 */
export function registerShareRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db, limits } = context;

  app.post(
    '/api/scripts',
    { bodyLimit: limits.maxShareCharacters * 2 + 10_000 },
    async (request, reply): Promise<PublishResponse> => {
      const signedIn = await optionalUser(context, request);
      const body = parseInput(publishBody, request.body, 'shared project');
      if (!['main.ts', 'main.blocks', 'main.py'].some((file) => body.files[file] !== undefined)) {
        throw new ApiError(
          400,
          'There is no program in this project to share (main.ts, main.blocks or main.py).',
          'invalid',
        );
      }
      let size = checkFiles(body.files, limits.maxProjectFiles, limits.maxProjectCharacters);
      if (body.thumbnail && body.thumbnail.length > limits.maxThumbnailCharacters) {
        throw new ApiError(413, 'The picture of the project is too big to share.', 'too-large');
      }
      size += body.thumbnail?.length ?? 0;
      const history: SharedVersion[] = (body.history ?? []).slice(-limits.maxShareHistory);
      for (const version of history) {
        size += checkFiles(version.files, limits.maxProjectFiles, limits.maxProjectCharacters);
      }
      if (size > limits.maxShareCharacters) {
        throw new ApiError(
          413,
          'This project and its history are too big to share. Try sharing without the history.',
          'too-large',
        );
      }
      const publisher = addressHash((await context.secrets()).hashKey, request.ip);
      await context.quotas.take(quotas.publishPerAddress, publisher);
      await context.quotas.take(quotas.publishBytesPerAddress, publisher, size);
      if (signedIn) await context.quotas.take(quotas.publishPerUser, signedIn.userId);

      const unpublishKey = newSecret();
      const row = {
        owner_id: signedIn?.userId ?? null,
        name: body.name,
        description: body.description,
        editor: editorFor(body.files),
        files: JSON.stringify(body.files),
        thumbnail: body.thumbnail ?? null,
        history: history.length > 0 ? JSON.stringify(history) : null,
        size,
        unpublish_key_hash: hashSecret(unpublishKey),
        publisher_hash: publisher,
      };
      for (let attempt = 0; attempt < 5; attempt++) {
        const id = newScriptId();
        const inserted = await db
          .insertInto('shared_scripts')
          .values({ id, ...row })
          .onConflict((oc) => oc.column('id').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (inserted) {
          void reply.code(201);
          return { id, url: `${context.publicUrl()}/${id}`, unpublishKey };
        }
      }
      throw new Error('Could not find a free script id in 5 tries');
    },
  );

  const findScript = async (request: FastifyRequest) => {
    const { id } = parseInput(idParams, request.params, 'address');
    if (!isPublishedScriptId(id)) throw new ApiError(404, 'There is nothing at this API address.', 'no-route');
    const row = await db.selectFrom('shared_scripts').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new ApiError(404, 'There is no shared project at this address. Check the link.', 'not-found');
    if (row.unpublished_at !== null) {
      throw new ApiError(410, 'This project was unshared by the person who shared it.', 'unpublished');
    }
    return row;
  };

  /** Snapshots never change: an ETag lets browsers and caches ask cheaply. */
  const cached = (request: FastifyRequest, reply: FastifyReply, id: string, part: string): boolean => {
    const etag = `"${id}-${part}"`;
    void reply.header('etag', etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag) {
      void reply.code(304).send();
      return true;
    }
    return false;
  };

  app.get('/api/:id', async (request, reply): Promise<ScriptMeta | undefined> => {
    const row = await findScript(request);
    const signedIn = await optionalUser(context, request).catch(() => undefined);
    const mine = signedIn !== undefined && row.owner_id === signedIn.userId;
    // `mine` depends on the caller: cache only the anonymous answer.
    if (!signedIn && cached(request, reply, row.id, 'meta')) return undefined;
    return {
      kind: 'script',
      id: row.id,
      name: row.name,
      description: row.description,
      time: Math.floor(new Date(row.created_at).getTime() / 1000),
      target: TARGET_ID,
      editor: row.editor,
      thumbnail: row.thumbnail !== null,
      historyLength: row.history?.length ?? 0,
      mine,
    };
  });

  app.get('/api/:id/text', async (request, reply) => {
    const row = await findScript(request);
    if (cached(request, reply, row.id, 'text')) return undefined;
    return row.files;
  });

  app.get('/api/:id/history', async (request, reply) => {
    const row = await findScript(request);
    if (cached(request, reply, row.id, 'history')) return undefined;
    return { versions: row.history ?? [] };
  });

  app.get('/api/:id/thumb', async (request, reply) => {
    const row = await findScript(request);
    if (!row.thumbnail) throw new ApiError(404, 'This shared project has no picture.', 'not-found');
    if (cached(request, reply, row.id, 'thumb')) return undefined;
    const base64 = row.thumbnail.slice(row.thumbnail.indexOf(',') + 1);
    return reply.type('image/png').send(Buffer.from(base64, 'base64'));
  });

  // Unpublishing: the signed-in publisher, or the browser holding the key given at publishing.
  // The snapshot's content is dropped; the id stays taken so an old link never shows another project.
  app.delete('/api/:id', async (request) => {
    const row = await findScript(request);
    const signedIn = await optionalUser(context, request);
    const key = request.headers[UNPUBLISH_KEY_HEADER];
    const byOwner = signedIn !== undefined && row.owner_id === signedIn.userId;
    const byKey = typeof key === 'string' && sameHash(row.unpublish_key_hash, hashSecret(key));
    if (!byOwner && !byKey)
      throw new ApiError(403, 'Only the person who shared this project can unshare it.', 'forbidden');
    await db
      .updateTable('shared_scripts')
      .set({ unpublished_at: new Date(context.now()), files: JSON.stringify({}), history: null, thumbnail: null })
      .where('id', '=', row.id)
      .execute();
    return { unpublished: true };
  });

  app.post('/api/:id/report', async (request, reply) => {
    const row = await findScript(request);
    const body = parseInput(reportBody, request.body, 'report');
    const reporter = addressHash((await context.secrets()).hashKey, request.ip);
    await context.quotas.take(quotas.reportPerAddress, reporter);
    await db
      .insertInto('share_reports')
      .values({ script_id: row.id, reason: body.reason, details: body.details, reporter_hash: reporter })
      .onConflict((oc) => oc.columns(['script_id', 'reporter_hash']).doNothing())
      .execute();
    request.log.warn(`Shared project ${row.id} was reported (${body.reason}).`);
    void reply.code(202);
    return { received: true };
  });
}

function newScriptId(): string {
  for (;;) {
    const id = scriptIdFromBytes(randomBytes(24));
    if (id) return id;
  }
}
