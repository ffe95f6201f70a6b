// The AI crawlers and fetchers the audit reports on, by the user-agent tokens their operators
// document for robots.txt: OpenAI (GPTBot trains, OAI-SearchBot indexes for search, ChatGPT-User
// fetches for a user), Anthropic (ClaudeBot, Claude-SearchBot), Perplexity, Google's AI training
// control token (Google-Extended) and Common Crawl (CCBot, a common training source).

export const AI_AGENTS = ['GPTBot', 'OAI-SearchBot', 'ChatGPT-User', 'ClaudeBot', 'Claude-SearchBot', 'PerplexityBot', 'Google-Extended', 'CCBot'] as const;

export type AiAgent = (typeof AI_AGENTS)[number];
