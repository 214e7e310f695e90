// For the load benchmark (bench/benches/cloud-load.bench.ts): makes N users in the database the
// environment names (DATA_DIR or DATABASE_URL, as the server reads them), each with a session as
// the sign-in callback makes one, and prints their tokens and claim verifiers as JSON. Run it
// before the server starts on the same database (the embedded one is locked while in use):
//   BLOCKYARD_SEED_LOAD_USERS=yes node --import tsx apps/server/src/tools/seed-load-sessions.ts 200
// The sessions are claimable for CLAIM_TTL_MS (5 minutes) through POST /api/otac/check.
import { hashSecret, newSecret } from '../auth/secrets.ts';
import { SessionStore } from '../auth/session-store.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../database/index.ts';
import { userForIdentity } from '../users/user-accounts.ts';

// Never by accident against a real database: it makes accounts and prints their session tokens.
if (process.env['BLOCKYARD_SEED_LOAD_USERS'] !== 'yes') {
  console.error(
    'This makes test accounts and prints their session tokens. Only the load benchmark runs it ' +
      '(with BLOCKYARD_SEED_LOAD_USERS=yes), on a throw-away database.',
  );
  process.exit(2);
}
const count = Number(process.argv[2] ?? 200);
if (!Number.isInteger(count) || count < 1 || count > 10_000) {
  console.error('Usage: seed-load-sessions.ts <number of users, 1-10000>');
  process.exit(2);
}
const config = loadConfig(process.env);
const database = await openDatabase(config);
try {
  const sessions = new SessionStore(database.db);
  const seeded: Array<{ token: string; verifier: string }> = [];
  for (let i = 0; i < count; i++) {
    const userId = await userForIdentity(database.db, 'local', {
      subject: `load-${i}`,
      displayName: `Learner ${i}`,
      username: `learner${i}`,
    });
    const verifier = newSecret();
    const token = await sessions.createSession(userId, { verifierHash: hashSecret(verifier), persistent: true });
    seeded.push({ token, verifier });
  }
  process.stdout.write(JSON.stringify(seeded) + '\n');
} finally {
  await database.close();
}
