// A second delivery loop in its own process, on the same database as the test's server, as a
// `npm run worker` process of scale mode runs one. Tuned for tests (quick polls, tiny backoff).
// Configured by environment:
//   DATABASE_URL          the database (required; migrated by the test's server first)
//   SEO_GEO_TEST_SCHEMA   PostgreSQL schema holding the test's tables
// Prints "ready" once polling; on SIGTERM stops, then prints "recorded <n>" (attempts it recorded).
import { systemClock } from '../../../src/support/clock.js';
import { createLogger } from '../../../src/http/logging.js';
import { createDatabase } from '../../../src/storage/database.js';
import { createWebhooksRepository } from '../../../src/storage/repositories/webhooks.js';
import { startDeliveryLoop } from '../../../src/webhooks/delivery-loop.js';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const schema = process.env.SEO_GEO_TEST_SCHEMA;
const database = await createDatabase(databaseUrl, schema ? { schema } : {});
const repository = createWebhooksRepository(database.db, database.dialect);
let recorded = 0;
const loop = startDeliveryLoop({
  webhooks: {
    claimDue: (input) => repository.claimDue(input),
    purgeEventsBefore: (before, limit) => repository.purgeEventsBefore(before, limit),
    async recordAttempt(record) {
      const done = await repository.recordAttempt(record);
      if (done) recorded++;
      return done;
    },
  },
  clock: systemClock,
  logger: createLogger('warn', process.stderr),
  policy: { allowCidrs: ['127.0.0.0/8'] },
  pollIntervalMs: 10,
  concurrency: 4,
  retry: { baseMs: 10 },
});
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void loop
    .stop()
    .then(() => database.close())
    .then(() => {
      process.stdout.write(`recorded ${recorded}\n`);
      process.exit(0);
    });
});
