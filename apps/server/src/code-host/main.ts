// The local code host as a program: `node --import tsx apps/server/src/code-host/main.ts`.
// scripts/start.mjs runs it next to the server in development; CODE_HOST_PORT picks the port.
import { startCodeHost } from './start-code-host.ts';

const port = Number(process.env.CODE_HOST_PORT ?? 3001);
const host = await startCodeHost({ port: Number.isInteger(port) ? port : 3001 });
console.log(`Local code host with ${host.repos.length} repositories at ${host.url}`);
const stop = () => {
  host.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
