// An audit's crawl settings (AuditStart.crawl): checked against the project when the audit
// starts, stored with the run (the password apart, sealed), shown back without the password
// (AuditRun.crawl), and turned into the engine's crawl options when a worker runs it.
import { basicCredentials, normaliseUrl, siteScope, USER_AGENT_PRESETS, type AuditOptions, type CrawlLimits } from '@seo-geo/engine';
import type { AuditCrawl, AuditCrawlSettings } from '@seo-geo/types';
import type { ErrorDetail } from '../../domain/errors.js';
import { DEFAULT_CRAWL_SETTINGS } from '../../storage/repositories/audit-runs.js';

/** The settings as stored with the run (JSON) and shown in AuditRun.crawl. */
export type CrawlSettings = AuditCrawl;

export interface CheckedCrawlSettings {
  settings: CrawlSettings;
  /** The basic authentication password, to be sealed; null without authentication. */
  password: string | null;
  /** The problems found, as validation details (field names under `crawl`). */
  problems: ErrorDetail[];
}

/**
 * The settings a start request asks for, with what the schema cannot say checked: listed URLs on
 * the project's site, the custom user agent given exactly when asked for, no credentials for a
 * browser that could not use them.
 */
export function checkCrawlSettings(
  input: AuditCrawlSettings | undefined,
  context: { primaryDomain: string; seedUrl: string; renderJavaScript: boolean },
): CheckedCrawlSettings {
  const problems: ErrorDetail[] = [];
  const problem = (field: string, message: string) => problems.push({ in: 'body', field: `crawl.${field}`, message });
  if (input === undefined) return { settings: DEFAULT_CRAWL_SETTINGS, password: null, problems };
  const userAgent = input.userAgent ?? 'seo_geo_bot';
  let userAgentString = USER_AGENT_PRESETS.seo_geo_bot;
  if (userAgent === 'custom') {
    if (input.customUserAgent === undefined) problem('customUserAgent', 'is required when userAgent is custom');
    else userAgentString = input.customUserAgent;
  } else {
    if (input.customUserAgent !== undefined) problem('customUserAgent', 'is only allowed when userAgent is custom');
    userAgentString = USER_AGENT_PRESETS[userAgent];
  }
  let urls: string[] | null = null;
  if (input.urls !== undefined) {
    const scope = siteScope(context.primaryDomain, context.seedUrl);
    const seen = new Set<string>();
    urls = [];
    input.urls.forEach((raw, i) => {
      const url = normaliseUrl(raw);
      if (url === null || !scope.contains(url)) problem(`urls.${i}`, "must be on the project's site");
      else if (!seen.has(url)) {
        seen.add(url);
        urls!.push(url);
      }
    });
  }
  if (input.authentication !== undefined && context.renderJavaScript) {
    problem('authentication', 'cannot be used by an audit that renders JavaScript (renderJavaScript: true)');
  }
  return {
    settings: {
      include: input.include ?? [],
      exclude: input.exclude ?? [],
      urls,
      userAgent,
      userAgentString,
      requestsPerSecond: input.requestsPerSecond ?? null,
      authentication: input.authentication ? { username: input.authentication.username } : null,
    },
    password: input.authentication?.password ?? null,
    problems,
  };
}

/** The engine's options for a run with these settings; `password` is the opened one. */
export function crawlOptionsOf(
  settings: CrawlSettings,
  password: string | null,
  seedUrl: string,
): Pick<AuditOptions, 'pathFilter' | 'urls' | 'userAgent' | 'credentials'> {
  return {
    userAgent: settings.userAgentString,
    ...(settings.include.length > 0 || settings.exclude.length > 0 ? { pathFilter: { include: settings.include, exclude: settings.exclude } } : {}),
    ...(settings.urls ? { urls: settings.urls } : {}),
    ...(settings.authentication && password !== null
      ? { credentials: basicCredentials(new URL(seedUrl).origin, settings.authentication.username, password) }
      : {}),
  };
}

/** The crawl limits with the run's rate limit (a shared crawl then divides them among its workers). */
export function crawlLimitsOf(settings: CrawlSettings, limits: Partial<CrawlLimits> | undefined): Partial<CrawlLimits> | undefined {
  if (settings.requestsPerSecond === null) return limits;
  const requestIntervalMs = Math.ceil(1000 / settings.requestsPerSecond);
  return { ...limits, requestIntervalMs: Math.max(requestIntervalMs, limits?.requestIntervalMs ?? 0) };
}
