// The validator's findings in words: one message per field, the other form of a `oneOf` left out.
// The inputs are the request validator's own findings, as it reported them for these requests.
import { describe, expect, it } from 'vitest';
import { readableDetails } from '../../src/http/validation-messages.js';
import { expectContract, startTestServer } from '../support/server.js';

const body = (field: string, message: string) => ({ in: 'body' as const, field, message });

describe('readableDetails', () => {
  it('gives one message per field, the most telling one, in words', () => {
    expect(
      readableDetails([body('primaryDomain', 'must match pattern "^https?://[^\\s/?#]+[^\\s]*$"'), body('primaryDomain', 'must match format "uri"')]),
    ).toEqual([body('primaryDomain', 'must be an absolute URL that starts with http:// or https://')]);
    expect(readableDetails([body('name', 'must NOT have fewer than 1 characters'), body('name', 'must match pattern "\\S"')])).toEqual([
      body('name', 'must not be blank'),
    ]);
    expect(
      readableDetails([
        body('maxPages', 'must be integer'),
        body('prompts', 'must NOT have fewer than 1 items'),
        body('tags', 'must NOT have more than 20 items'),
        body('title', 'must NOT have more than 200 characters'),
        body('samplesPerPrompt', 'must be <= 5'),
        body('goal', 'must be equal to one of the allowed values: awareness, consideration'),
        body('extra', 'must NOT have additional properties'),
        body('when', 'must match format "date-time"'),
        body('code', 'must match pattern "^Q[0-9]$"'),
      ]),
    ).toEqual([
      body('maxPages', 'must be a whole number'),
      body('prompts', 'must have at least 1 item'),
      body('tags', 'must have at most 20 items'),
      body('title', 'must be at most 200 characters long'),
      body('samplesPerPrompt', 'must be at most 5'),
      body('goal', 'must be one of: awareness, consideration'),
      body('extra', 'is not a field of this request'),
      body('when', 'must be a date and time in ISO 8601, such as 2025-01-15T09:30:00Z'),
      // A pattern the spec has no words for is given as it is.
      body('code', 'must match the pattern ^Q[0-9]$'),
    ]);
  });

  it("leaves out the other form of a oneOf: its required and unknown fields, and the oneOf's own summary", () => {
    expect(
      readableDetails([
        body('schedule.intervalMinutes', 'must be >= 15'),
        body('schedule.cron', "must have required property 'cron'"),
        body('schedule.intervalMinutes', 'must NOT have additional properties'),
        body('schedule', 'must match exactly one schema in oneOf'),
      ]),
    ).toEqual([body('schedule.intervalMinutes', 'must be at least 15')]);
    // With nothing wrong in the values given, the summary stays, in words, with what is missing.
    expect(readableDetails([body('schedule.cron', "must have required property 'cron'"), body('schedule', 'must match exactly one schema in oneOf')])).toEqual([
      body('schedule.cron', 'is required'),
    ]);
    expect(readableDetails([body('schedule', 'must match exactly one schema in oneOf')])).toEqual([body('schedule', 'must take one of its documented forms')]);
  });
});

describe('validation messages over HTTP', () => {
  it('answers a URL without a scheme and a too-short interval with one message each, in words', async () => {
    const server = await startTestServer({ env: { GEO_ENGINES: JSON.stringify([{ name: 'fake', baseUrl: 'http://127.0.0.1:9/v1', model: 'm' }]) } });
    try {
      const key = await server.createKey({ plan: 'pro' });
      const project = await server.call('/projects', { key, method: 'POST', json: { name: 'Shop', primaryDomain: 'example.com' } });
      expect(project.status).toBe(400);
      expectContract('createProject', project);
      expect(project.body.error.details).toEqual([body('primaryDomain', 'must be an absolute URL that starts with http:// or https://')]);
      expect(project.body.error.message).toBe('Request validation failed: body primaryDomain must be an absolute URL that starts with http:// or https://.');
      const projectId = (await server.call('/projects', { key, method: 'POST', json: { name: 'Shop', primaryDomain: 'https://example.com' } })).body.data.id;
      const monitor = await server.call(`/projects/${projectId}/geo-monitor/monitors`, {
        key,
        method: 'POST',
        json: { name: 'Bowls', prompts: ['Bowls?'], locales: ['en'], schedule: { intervalMinutes: 5 } },
      });
      expect(monitor.status).toBe(400);
      expectContract('createGeoMonitor', monitor);
      expect(monitor.body.error.details).toEqual([body('schedule.intervalMinutes', 'must be at least 15')]);
    } finally {
      await server.close();
    }
  });
});
