// The crawler identifies itself and says where a site owner can read about it, as polite bots do.
// An audit may instead crawl as Googlebot does, to see what Google's crawler is served.

export const DEFAULT_BOT_NAME = 'SeoGeoAuditBot';
export const DEFAULT_BOT_INFO_URL = 'https://seo-geo.example/bot';
export const DEFAULT_USER_AGENT = userAgentString();

/** Googlebot's published strings (the smartphone one names a recent Chrome, as Google's does). */
export const GOOGLEBOT_DESKTOP_USER_AGENT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
export const GOOGLEBOT_SMARTPHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

export type UserAgentPreset = 'seo_geo_bot' | 'googlebot_smartphone' | 'googlebot_desktop';

export const USER_AGENT_PRESETS: Record<UserAgentPreset, string> = {
  seo_geo_bot: DEFAULT_USER_AGENT,
  googlebot_smartphone: GOOGLEBOT_SMARTPHONE_USER_AGENT,
  googlebot_desktop: GOOGLEBOT_DESKTOP_USER_AGENT,
};

export function userAgentString(name = DEFAULT_BOT_NAME, version = '1.0', contactUrl = DEFAULT_BOT_INFO_URL): string {
  return `${name}/${version} (+${contactUrl})`;
}

/**
 * The product token robots.txt groups are matched against, e.g. `SeoGeoAuditBot`: the name after
 * `compatible;` when the string has one (browser-like bot strings, `Googlebot` of Googlebot's),
 * else what precedes the first `/` or space.
 */
export function robotsToken(userAgent: string): string {
  const compatible = /\(compatible;\s*([^\s/;)]+)/i.exec(userAgent);
  if (compatible) return compatible[1]!;
  return userAgent.split(/[\s/]/)[0] ?? userAgent;
}
