// Which AI crawlers robots.txt lets fetch this URL. No robots.txt means nothing is blocked.

import type { RobotsRules } from '../types.js';
import { AI_AGENTS } from '../site/agents.js';

export function aiAgentAccess(url: string, robots: RobotsRules | null): Record<string, boolean> {
  const access: Record<string, boolean> = {};
  const allowed = robots === null ? null : (robots.isAllowedForEach?.(url, AI_AGENTS) ?? AI_AGENTS.map((agent) => robots.isAllowed(url, agent)));
  AI_AGENTS.forEach((agent, i) => (access[agent] = allowed === null ? true : allowed[i]!));
  return access;
}
