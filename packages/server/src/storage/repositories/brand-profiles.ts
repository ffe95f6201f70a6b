// A project's brand profile: aliases and extra domains of its own brand, and its competitors.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema.js';
import { toTimestamp } from '../timestamps.js';

/** One tracked brand as a test or run keeps it; `competitorId` is null for the project's own. */
export interface TrackedBrandRecord {
  competitorId: string | null;
  name: string;
  aliases: string[];
  domains: string[];
}

export interface StoredCompetitor {
  id: string;
  name: string;
  aliases: string[];
  domains: string[];
}

export interface StoredBrandProfile {
  /** The brand's own name; null when it is the project's. */
  name: string | null;
  aliases: string[];
  domains: string[];
  competitors: StoredCompetitor[];
  updatedAt: string;
}

export interface BrandProfilesRepository {
  find(projectId: string, trx?: Transaction<Database>): Promise<StoredBrandProfile | null>;
  /** Replaces the project's profile (creating it the first time). */
  save(projectId: string, profile: Omit<StoredBrandProfile, 'updatedAt'>, now: number): Promise<StoredBrandProfile>;
}

export function createBrandProfilesRepository(db: Kysely<Database>): BrandProfilesRepository {
  return {
    async find(projectId, trx) {
      const row = await (trx ?? db).selectFrom('brand_profiles').selectAll().where('project_id', '=', projectId).executeTakeFirst();
      if (!row) return null;
      return {
        name: row.name,
        aliases: JSON.parse(row.aliases) as string[],
        domains: JSON.parse(row.domains) as string[],
        competitors: JSON.parse(row.competitors) as StoredCompetitor[],
        updatedAt: row.updated_at,
      };
    },
    async save(projectId, profile, now) {
      const values = {
        name: profile.name,
        aliases: JSON.stringify(profile.aliases),
        domains: JSON.stringify(profile.domains),
        competitors: JSON.stringify(profile.competitors),
        updated_at: toTimestamp(now),
      };
      await db
        .insertInto('brand_profiles')
        .values({ project_id: projectId, ...values })
        .onConflict((oc) => oc.column('project_id').doUpdateSet(values))
        .execute();
      return { ...profile, updatedAt: values.updated_at };
    },
  };
}
