// The server entry point (bundled to dist/main.mjs): configuration, database, HTTP, shutdown.
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app.ts';
import { loadConfig, MEMORY_DATA_DIR, type ServerConfig } from './config.ts';
import { openDatabase, type OpenDatabase } from './database/index.ts';
import { errorMessage, StartupError } from './startup-error.ts';
import { readVersion } from './version.ts';

/** How long a graceful shutdown may take before the process exits anyway. */
const shutdownGraceMs = 10_000;

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const version = readVersion();
  // The database opens first: the data folder's lock must be ours before anything else is said
  // or served (a second server on the same folder stops with a plain message), and a stop signal
  // then always finds a database to close. New embedded databases start from a ready copy.
  const database = await openDatabase(config, {
    onBackgroundError: (error) => console.error(`Database connection problem: ${errorMessage(error)}`),
  });

  let app: FastifyInstance;
  try {
    app = await buildApp({ config, database: { kind: database.kind, opening: Promise.resolve(database) }, version });
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close().catch(() => undefined);
    throw listenError(error, config);
  }
  const { port } = app.server.address() as AddressInfo;
  console.log(`Blockyard is running at ${publicUrl(config.host, port)}`);

  const { applied = [], latest = '' } = database.migrations ?? {};
  app.log.info(
    `Blockyard ${version}. Database: ${database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'} (${database.location}), ` +
      `schema ${latest}${applied.length > 0 ? ` (just applied ${applied.join(', ')})` : ''}`,
  );
  if (config.dataDir === MEMORY_DATA_DIR && config.databaseUrl === undefined) {
    app.log.warn('DATA_DIR is memory://: everything saved is lost when the server stops.');
  }

  handleShutdown(app, database);
}

function handleShutdown(app: FastifyInstance, database: OpenDatabase): void {
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
    app
      .close()
      .then(() => database.close())
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
