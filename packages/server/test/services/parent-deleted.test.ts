// A creation whose parent is deleted between the creation's check that it is there and its insert,
// on every database: the race made certain by deleting the parent (committed) right after the
// creation has read it. Each creation answers 404 NOT_FOUND for the parent, leaves nothing behind
// and charges nothing; inside a POST's unit of work the unit stays usable and commits.
import { randomUUID } from 'node:crypto';
import { expect, it, onTestFinished } from 'vitest';
import type { Kysely } from 'kysely';
import { ManualClock } from '../../src/support/clock.js';
import { DomainError } from '../../src/domain/errors.js';
import type { Principal } from '../../src/domain/principal.js';
import { createServices, type Services } from '../../src/services/index.js';
import { createRepositories, type Repositories } from '../../src/storage/repositories/index.js';
import type { Database } from '../../src/storage/schema.js';
import { transactionRunner } from '../../src/storage/transaction.js';
import { joiningUnitsOfWork, startUnitOfWork } from '../../src/storage/unit-of-work.js';
import { usageMonth } from '../../src/storage/repositories/usage.js';
import { describeEachDatabase } from '../support/databases.js';

const NOW = Date.UTC(2025, 0, 15, 9, 30);
const MONITOR = { name: 'Bowls', prompts: ['Bowls?'], locales: ['en'], schedule: { intervalMinutes: 60 } };

describeEachDatabase('a creation whose parent is deleted meanwhile', (database) => {
  /** Services on `db`, whose reads of a project (or a monitor) let `deleteAfterRead` delete it once read. */
  function servicesOn(db: Kysely<Database>, deleteAfterRead: { project?: () => Promise<void>; monitor?: () => Promise<void> }): Services {
    const repositories = createRepositories(db, database().handle.dialect);
    const racing: Repositories = {
      ...repositories,
      projects: {
        ...repositories.projects,
        async findForAccount(accountId, id) {
          const found = await repositories.projects.findForAccount(accountId, id);
          const deletion = deleteAfterRead.project;
          deleteAfterRead.project = undefined;
          await deletion?.();
          return found;
        },
      },
      geoMonitors: {
        ...repositories.geoMonitors,
        async findForProject(projectId, id) {
          const found = await repositories.geoMonitors.findForProject(projectId, id);
          const deletion = deleteAfterRead.monitor;
          deleteAfterRead.monitor = undefined;
          await deletion?.();
          return found;
        },
      },
    };
    return createServices({
      repositories: racing,
      transaction: transactionRunner(db),
      clock: new ManualClock(NOW),
      document: {} as Services['document'],
      notifyWork: () => undefined,
      geoEngines: [{ name: 'fake', baseUrl: 'http://127.0.0.1:9/v1', model: 'fake-1', samples: 3 }],
      fetchPolicy: {},
      renderingAvailable: false,
    });
  }

  async function owner(): Promise<{ principal: Principal; services: Services; projectId: string }> {
    const { db } = database().handle;
    const services = servicesOn(db, {});
    const { account } = await createRepositories(db).accounts.create({ email: `${randomUUID()}@example.com`, plan: 'pro', now: NOW });
    const principal: Principal = {
      accountId: account.id,
      email: account.email,
      plan: 'pro',
      pageCap: null,
      keyId: 'k',
      apiKeyPrefix: 'sk_live_test',
      scopes: [],
    };
    const project = await services.projects.create(principal, { name: 'Example Shop', primaryDomain: 'https://www.example.com' });
    return { principal, services, projectId: project.id };
  }

  const notFound = (what: string, id: string) => expect.objectContaining({ code: 'NOT_FOUND', message: `${what} ${id} was not found.` });

  /** Each creation, and whether it is a POST (run in a unit of work). */
  const creations: Array<[string, boolean, (services: Services, principal: Principal, projectId: string) => Promise<unknown>]> = [
    ['a GEO monitor', true, (services, principal, projectId) => services.geoMonitors.create(principal, projectId, MONITOR)],
    ['a GEO monitor test', true, (services, principal, projectId) => services.geoTests.start(principal, projectId, { prompt: 'Bowls?', locale: 'en' })],
    ['an audit', true, (services, principal, projectId) => services.audits.start(principal, projectId, { maxPages: 1 })],
    [
      'a brief',
      true,
      (services, principal, projectId) => services.content.createBrief(principal, projectId, { topic: 'Bowls', audience: 'potters', goal: 'awareness' }),
    ],
    [
      'a brand profile',
      false,
      (services, principal, projectId) => services.brandProfiles.set(principal, projectId, { aliases: ['Shop'], domains: [], competitors: [] }),
    ],
  ];

  it.each(creations)('%s answers 404 for the project and leaves nothing behind', async (_what, post, create) => {
    const { principal, services: plain, projectId } = await owner();
    const { db } = database().handle;
    const deleteAfterRead = { project: () => plain.projects.remove(principal, projectId) };
    if (post && database().backend === 'postgres') {
      // The deletion commits on another connection (another request) after the creation, in its
      // POST's unit of work, has read the project.
      const unit = await startUnitOfWork(db);
      onTestFinished(() => unit.rollback());
      const outcome = await unit.run(() => create(servicesOn(joiningUnitsOfWork(db), deleteAfterRead), principal, projectId)).catch((error: unknown) => error);
      expect(outcome).toBeInstanceOf(DomainError);
      expect(outcome).toEqual(notFound('Project', projectId));
      // The refused insert did not abort the unit's transaction: it still reads, and commits.
      await unit.run(() => createRepositories(joiningUnitsOfWork(db)).usage.callsIn(principal.accountId, usageMonth(NOW)));
      await unit.commit();
    } else {
      // SQLite's one connection runs a unit of work alone: there the race is between statements
      // outside one, as it is for a PUT.
      await expect(create(servicesOn(db, deleteAfterRead), principal, projectId)).rejects.toEqual(notFound('Project', projectId));
    }

    for (const table of ['geo_monitors', 'geo_tests', 'audit_runs', 'briefs', 'brand_profiles'] as const) {
      expect(await db.selectFrom(table).select('project_id').where('project_id', '=', projectId).execute(), table).toEqual([]);
    }
    expect(await db.selectFrom('jobs').select('id').where('account_id', '=', principal.accountId).execute()).toEqual([]);
    expect(await createRepositories(db).usage.callsIn(principal.accountId, usageMonth(NOW))).toBe(0);
  });

  it('a run started now answers 404 for its monitor when the monitor is deleted meanwhile', async () => {
    const { principal, services: plain, projectId } = await owner();
    const monitor = await plain.geoMonitors.create(principal, projectId, MONITOR);
    const { db } = database().handle;
    const services = servicesOn(db, { monitor: () => plain.geoMonitors.remove(principal, projectId, monitor.id) });
    await expect(services.geoMonitors.runNow(principal, projectId, monitor.id)).rejects.toEqual(notFound('GEO monitor', monitor.id));
    expect(await db.selectFrom('geo_monitor_runs').select('id').where('monitor_id', '=', monitor.id).execute()).toEqual([]);
    expect(await db.selectFrom('jobs').select('id').where('account_id', '=', principal.accountId).execute()).toEqual([]);
  });
});
