import { createClient, NotFoundError, RateLimitedError } from '@seo-geo/client';

const client = createClient({
  apiKey: process.env.SEO_GEO_API_KEY, // the key `npm start` printed
  baseUrl: process.env.SEO_GEO_BASE_URL ?? 'http://127.0.0.1:3000/api/public/v1',
  maxRetries: 2, // 429, 5xx, dropped connections; a POST only with an idempotency key
  maxRetryWait: 60_000, // a longer Retry-After throws RateLimitedError at once, with retryAt
  timeout: 60_000, // one deadline per call, across attempts and waits
  hooks: {
    onRetry: ({ operationId, attempt, delayMs, error }) =>
      console.log(`retrying ${operationId} after attempt ${attempt} in ${Math.round(delayMs)} ms: ${error.message}`),
    onRateLimited: ({ reason, delayMs }) => console.log(`rate limit (${reason}): waiting ${Math.round(delayMs)} ms`),
  },
});

// Who am I?
const me = await client.me.get();
console.log(`${me.email} on the ${me.plan} plan, key ${me.apiKeyPrefix}...`);

// Create. The fixed idempotency key makes a rerun replay the same project instead of creating another.
const created = await client.projects
  .create({ name: 'Quick start shop', primaryDomain: 'https://shop.example.com' }, { idempotencyKey: 'quickstart-project-1' })
  .withResponse();
console.log(`project ${created.data.id} ${created.replayed ? 'replayed' : 'created'} (request ${created.requestId})`);

// List: `await` gives one page with its meta...
const first = await client.projects.list({ pageSize: 10 });
console.log(`page ${first.meta.page} of ${first.meta.totalPages}, ${first.meta.total} projects in all`);

// ...and `for await` walks every item of every page, stopping where meta.hasNextPage says.
for await (const project of client.projects.list({ pageSize: 100 })) {
  console.log(`- ${project.name} ${project.primaryDomain}`);
}

// One project with its stats.
const detail = await client.projects.get(created.data.id);
console.log(`${detail.name}: ${detail.stats.auditsCount} audits so far`);

// Start an audit. One run has three names: the answer's auditRunId is the run's id, and the auditId
// every other audit method takes (get, waitForCompletion, pages, issues, cancel...).
const { auditRunId } = await client.audits.start(created.data.id, { maxPages: 5 });
const audit = await client.audits.get(created.data.id, auditRunId);
console.log(`audit ${audit.id} is ${audit.status}`); // audit.id === auditRunId

// Errors are typed, by status and by error code, and carry the request id.
try {
  await client.projects.get('0192f8a2-1b4d-7c21-9d3e-000000000000');
} catch (error) {
  if (error instanceof NotFoundError) console.log(`not found: ${error.code}, request ${error.requestId}`);
  else if (error instanceof RateLimitedError) console.log(`rate limited: try again at ${error.retryAt?.toISOString()}`);
  else throw error;
}

// Pacing: every response's X-RateLimit-* headers are read; a burst is held until the key's bucket
// has tokens again instead of being sent into 429s.
const { rateLimit } = await client.me.get().withResponse();
console.log(`rate limit: ${rateLimit?.remaining} of ${rateLimit?.limit} left, bucket full at ${rateLimit?.resetAt.toISOString()}`);
await Promise.all(Array.from({ length: 20 }, () => client.me.get()));
console.log('20 concurrent calls done');
