// The crawler identifies itself and says where a site owner can read about it, as polite bots do.

export const DEFAULT_BOT_NAME = 'SeoGeoAuditBot';
export const DEFAULT_BOT_INFO_URL = 'https://seo-geo.example/bot';
export const DEFAULT_USER_AGENT = userAgentString();

export function userAgentString(name = DEFAULT_BOT_NAME, version = '1.0', contactUrl = DEFAULT_BOT_INFO_URL): string {
  return `${name}/${version} (+${contactUrl})`;
}

/** The product token robots.txt groups are matched against, e.g. `SeoGeoAuditBot`. */
export function robotsToken(userAgent: string): string {
  return userAgent.split(/[\s/]/)[0] ?? userAgent;
}
