// The brands GEO tests and monitor runs read answers for: the project's own (its name, aliases,
// primary domain and extra domains) and its competitors. A test or run copies them when it starts
// (TrackedBrandRecord), so editing the profile never changes a past result.
import type { BrandProfile, BrandProfileUpdate } from '@seo-geo/types';
import type { Clock } from '../../support/clock.js';
import { validationError } from '../../domain/errors.js';
import { uuidv7 } from '../../support/ids.js';
import type { BrandProfilesRepository, StoredBrandProfile, StoredCompetitor, TrackedBrandRecord } from '../../storage/repositories/brand-profiles.js';

export type { TrackedBrandRecord };
import type { Project } from '../../storage/repositories/projects.js';
import type { Principal } from '../../domain/principal.js';
import type { ProjectService } from './service.js';
import { notFoundIfParentDeleted } from '../parent-deleted.js';

export interface BrandProfileService {
  get(principal: Principal, projectId: string): Promise<BrandProfile>;
  set(principal: Principal, projectId: string, input: BrandProfileUpdate): Promise<BrandProfile>;
  /** What a test or run started now tracks: the project's brand first, then its competitors. */
  trackedBrands(project: Project): Promise<TrackedBrandRecord[]>;
}

const EMPTY: Omit<StoredBrandProfile, 'updatedAt'> = { name: null, aliases: [], domains: [], competitors: [] };

/** The brand's name: the profile's own, else the project's. */
const brandName = (project: Project, stored: StoredBrandProfile | null): string => stored?.name ?? project.name;

export function createBrandProfileService(deps: { projects: ProjectService; brandProfiles: BrandProfilesRepository; clock: Clock }): BrandProfileService {
  const view = (project: Project, stored: StoredBrandProfile | null): BrandProfile => ({
    name: brandName(project, stored),
    nameIsProjectName: (stored?.name ?? null) === null,
    aliases: stored?.aliases ?? [],
    domains: stored?.domains ?? [],
    competitors: stored?.competitors ?? [],
    updatedAt: stored?.updatedAt ?? null,
  });

  return {
    async get(principal, projectId) {
      const project = await deps.projects.get(principal, projectId);
      return view(project, await deps.brandProfiles.find(project.id));
    },

    async set(principal, projectId, input) {
      const project = await deps.projects.get(principal, projectId);
      const current = (await deps.brandProfiles.find(project.id)) ?? { ...EMPTY, updatedAt: '' };
      const known = new Set(current.competitors.map((c) => c.id));
      const now = deps.clock.now();
      const competitors: StoredCompetitor[] = input.competitors.map((competitor, i) => {
        if (competitor.id !== undefined && !known.has(competitor.id)) {
          throw validationError([{ in: 'body', field: `competitors.${i}.id`, message: `is not a competitor of this project (leave it out to add a new one)` }]);
        }
        return {
          id: competitor.id ?? uuidv7(now + i),
          name: competitor.name.trim(),
          aliases: distinct(competitor.aliases ?? []),
          domains: distinct((competitor.domains ?? []).map(normaliseDomain)),
        };
      });
      // A name equal to the project's is no name of its own: the profile then says the brand is the project's.
      const name = input.name?.trim() ?? null;
      const profile = {
        name: name === null || name === project.name ? null : name,
        aliases: distinct(input.aliases),
        domains: distinct(input.domains.map(normaliseDomain)),
        competitors,
      };
      refuseSharedNames(profile.name ?? project.name, profile);
      return view(project, await notFoundIfParentDeleted({ what: 'Project', id: projectId }, () => deps.brandProfiles.save(project.id, profile, now)));
    },

    async trackedBrands(project) {
      const stored = await deps.brandProfiles.find(project.id);
      const own: TrackedBrandRecord = {
        competitorId: null,
        name: brandName(project, stored),
        aliases: stored?.aliases ?? [],
        domains: [new URL(project.primaryDomain).hostname, ...(stored?.domains ?? [])],
      };
      return [own, ...(stored?.competitors ?? []).map((c) => ({ competitorId: c.id, name: c.name, aliases: c.aliases, domains: c.domains }))];
    },
  };
}

function distinct(values: readonly string[]): string[] {
  return [...new Set(values.map((v) => v.trim()))];
}

function normaliseDomain(domain: string): string {
  return domain.trim().toLowerCase().replace(/\.$/, '');
}

/** Two brands answering to one name could not be told apart in an answer. */
function refuseSharedNames(ownName: string, profile: Omit<StoredBrandProfile, 'updatedAt'>): void {
  const owner = new Map<string, string>();
  const claim = (name: string, brand: string, field: string) => {
    const key = name.trim().toLocaleLowerCase();
    const previous = owner.get(key);
    if (previous !== undefined && previous !== brand) {
      throw validationError([{ in: 'body', field, message: `"${name}" already names ${previous === '' ? "the project's own brand" : previous}` }]);
    }
    owner.set(key, brand);
  };
  claim(ownName, '', profile.name === null ? 'aliases' : 'name');
  profile.aliases.forEach((alias, i) => claim(alias, '', `aliases.${i}`));
  profile.competitors.forEach((c, i) => {
    claim(c.name, c.name, `competitors.${i}.name`);
    c.aliases.forEach((alias, j) => claim(alias, c.name, `competitors.${i}.aliases.${j}`));
  });
}
