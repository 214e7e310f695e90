// The server entry point (bundled to dist/main.mjs): configuration, database, HTTP, shutdown.
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app.ts';
import { isLoopbackHost, loadConfig, MEMORY_DATA_DIR, type ServerConfig } from './config.ts';
import { startOpeningDatabase, type OpenDatabase } from './database/index.ts';
import { startSharedStoreServer, type SharedStoreServer } from './store/store-server.ts';
import { errorMessage, StartupError } from './startup-error.ts';
import { readVersion } from './version.ts';

/** How long a graceful shutdown may take before the process exits anyway. */
const shutdownGraceMs = 10_000;

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const version = readVersion();
  // The data folder is checked and locked before anything is said or served (a second server on
  // the same folder stops with a plain message). The database itself then opens while the server
  // listens: a new embedded database takes seconds, and the first page does not need it; /api
  // requests (the health check too) wait for it.
  const opening = startOpeningDatabase(config, {
    onBackgroundError: (error) => console.error(`Database connection problem: ${errorMessage(error)}`),
  });
  // A stop signal while it opens must still close it (and release the folder).
  opening.catch(() => undefined);
  const kind = config.databaseUrl === undefined ? 'pglite' : 'postgres';
  let store: SharedStoreServer | null = null;
  const shutdown = handleShutdown(opening, () => store?.close());

  // Known for sure only once listening (PORT=0 picks a free port).
  let publicAddress = config.publicUrl ?? `http://localhost:${config.port}`;
  let app: FastifyInstance;
  try {
    app = await buildApp({
      config,
      database: { kind, opening },
      version,
      publicUrl: () => publicAddress,
      sharedStoreUrl: () => store?.url ?? null,
    });
    shutdown.serving(app);
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await opening.then((database) => database.close()).catch(() => undefined);
    throw listenError(error, config);
  }
  const { port } = app.server.address() as AddressInfo;
  publicAddress = config.publicUrl ?? `http://localhost:${port}`;
  console.log(`Blockyard is running at ${publicUrl(config.host, port)}`);

  let database: OpenDatabase;
  try {
    database = await opening;
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  if (config.sharedStorePort !== null) {
    store = await startSharedStoreServer({
      db: database.db,
      port: config.sharedStorePort,
      host: config.host,
      allowedOrigins: () => [new URL(publicAddress).origin],
      onWarning: (message) => app.log.warn(message),
    });
  }

  const { applied = [], latest = '' } = database.migrations ?? {};
  app.log.info(
    `Blockyard ${version}. Database: ${database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'} (${database.location}), ` +
      `schema ${latest}${applied.length > 0 ? ` (just applied ${applied.join(', ')})` : ''}`,
  );
  if (config.dataDir === MEMORY_DATA_DIR && config.databaseUrl === undefined) {
    app.log.warn('DATA_DIR is memory://: everything saved is lost when the server stops.');
  }

  if (config.auth.mode === 'local') {
    app.log.info(
      'Sign-in: the built-in demo accounts (set AUTH=off to turn sign-in off, or AUTH=oidc for a real provider).',
    );
    if (!isLoopbackHost(config.host)) {
      app.log.warn('The demo accounts have no passwords and anyone on the network can sign in with them.');
    }
  }
}

/**
 * Stops gracefully on SIGINT/SIGTERM from the very start: open requests finish, then the
 * database closes (waiting for it to finish opening if need be), releasing the data folder.
 */
function handleShutdown(
  opening: Promise<OpenDatabase>,
  closeStore: () => Promise<void> | undefined,
): { serving(app: FastifyInstance): void } {
  let app: FastifyInstance | undefined;
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      console.error(`${signal} again: exiting without waiting.`);
      process.exit(1);
    }
    stopping = true;
    console.log(`${signal} received: stopping Blockyard…`);
    setTimeout(() => {
      console.error(`Stopping took longer than ${shutdownGraceMs / 1000} s: exiting anyway.`);
      process.exit(1);
    }, shutdownGraceMs).unref();
    Promise.all([app?.close(), closeStore()])
      .then(() => opening)
      .then((database) => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(`Error while stopping: ${errorMessage(error)}`);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return { serving: (server) => (app = server) };
}

/** The address to print: localhost when listening on loopback or on every interface. */
function publicUrl(host: string, port: number): string {
  const local = ['127.0.0.1', 'localhost', '::1', '0.0.0.0', '::', '[::]', '[::1]'];
  if (local.includes(host)) return `http://localhost:${port}`;
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
}

/** Turns the common listen failures into messages that say what to change. */
function listenError(error: unknown, config: ServerConfig): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const where = `${config.host}:${config.port}`;
  if (code === 'EADDRINUSE') {
    return new StartupError(`Port ${config.port} is already in use (${where}). Stop the other program or set PORT.`);
  }
  if (code === 'EACCES') {
    return new StartupError(`Not allowed to listen on ${where}. Set PORT to a number above 1023.`);
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    return new StartupError(`Cannot listen on ${where}: this computer has no such address. Check HOST.`);
  }
  return error;
}

main().catch((error: unknown) => {
  if (error instanceof StartupError) {
    console.error(error.message);
  } else {
    console.error('Blockyard failed to start:', error);
  }
  process.exit(1);
});
