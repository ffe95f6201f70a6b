// Auto-pagination over 250 projects of an agency account on the reference server: items and
// pages walked by meta.hasNextPage with no request spent finding the end, maxItems, maxPages,
// resuming from page N, every page valid against the contract.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type SeoGeoClient } from '@seo-geo/client';
import { startTestServer, type TestServer } from '@seo-geo/server/testing';
import { expectResultContract } from './support.js';

let server: TestServer;
let client: SeoGeoClient;
const requests: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  client = createClient({
    apiKey: await server.createKey({ plan: 'agency' }),
    baseUrl: server.baseUrl,
    hooks: { onRequest: (info) => requests.push(info.url) },
  });
  // 250 projects, the agency quota, ten at a time.
  for (let i = 0; i < 250; i += 10) {
    await Promise.all(
      Array.from({ length: 10 }, (_, j) => client.projects.create({ name: `Site ${i + j}`, primaryDomain: `https://site${i + j}.example.com` })),
    );
  }
  requests.length = 0;
}, 60_000);
afterAll(() => server.close());
beforeEach(() => {
  requests.length = 0;
});

describe('auto-pagination', () => {
  it('walks all 250 items in three requests of 100', async () => {
    const ids: string[] = [];
    for await (const project of client.projects.list({ pageSize: 100 })) ids.push(project.id);
    expect(ids).toHaveLength(250);
    expect(new Set(ids).size).toBe(250);
    expect(requests).toHaveLength(3);
    expect(requests.map((url) => new URL(url).searchParams.get('page'))).toEqual([null, '2', '3']);
  });

  it('walks pages with the default page size, each valid against the contract', async () => {
    const sizes: number[] = [];
    for await (const page of client.projects.list().pages()) {
      expectResultContract('listProjects', page.response);
      sizes.push(page.data.length);
    }
    expect(sizes).toEqual([...Array(12).fill(20), 10]);
    expect(requests).toHaveLength(13);
  });

  it('stops at maxItems and maxPages without fetching further pages', async () => {
    const first = await client.projects.list({ pageSize: 50 }, { maxItems: 120 }).toArray();
    expect(first).toHaveLength(120);
    expect(requests).toHaveLength(3);
    requests.length = 0;
    const pages = [];
    for await (const page of client.projects.list({ pageSize: 10 }, { maxPages: 2 }).pages()) pages.push(page);
    expect(pages).toHaveLength(2);
    expect(requests).toHaveLength(2);
  });

  it('resumes from page N and ends on the last page', async () => {
    const all = await client.projects.list({ pageSize: 100 }).toArray();
    const fromThree = await client.projects.list({ page: 3, pageSize: 100 }).toArray();
    expect(fromThree.map((p) => p.id)).toEqual(all.slice(200).map((p) => p.id));

    const last = await client.projects.list({ page: 3, pageSize: 100 });
    expect(last.hasNextPage()).toBe(false);
    expect(last.nextPageNumber()).toBeNull();
    await expect(last.getNextPage()).rejects.toThrow(/last page/);

    const past = await client.projects.list({ page: 9, pageSize: 100 });
    expect(past.data).toEqual([]);
    expect(past.meta).toMatchObject({ page: 9, total: 250, totalPages: 3, hasNextPage: false });
  });

  it('gives page-by-page control with getNextPage', async () => {
    let page = await client.projects.list({ pageSize: 100 });
    expect(page.meta).toMatchObject({ page: 1, pageSize: 100, total: 250, totalPages: 3, hasNextPage: true });
    expect(page.requestId).toBe(page.meta.requestId);
    const seen = [...page.data];
    while (page.hasNextPage()) {
      page = await page.getNextPage();
      seen.push(...page.data);
    }
    expect(seen).toHaveLength(250);
  });
});
