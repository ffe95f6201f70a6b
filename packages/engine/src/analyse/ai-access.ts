// Which AI crawlers robots.txt lets fetch this URL. No robots.txt means nothing is blocked.

import type { RobotsRules } from '../types.js';
import { AI_AGENTS } from '../site/agents.js';

export function aiAgentAccess(url: string, robots: RobotsRules | null): Record<string, boolean> {
  const access: Record<string, boolean> = {};
  for (const agent of AI_AGENTS) access[agent] = robots === null ? true : robots.isAllowed(url, agent);
  return access;
}
