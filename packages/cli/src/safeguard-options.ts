// The crawl safeguard of `audits start` (AuditStart.safeguard) from its options: `--safeguard-share`
// and `--safeguard-window` set it (the server fills in the other), `--no-safeguard` turns it off.
import type { AuditStartBody } from '@seo-geo/client';
import { UsageError } from './context.js';

export interface SafeguardFlags {
  safeguardShare?: number;
  safeguardWindow?: number;
  /** Commander's `--no-safeguard`: false when given. */
  safeguard?: boolean;
}

/** The start body's `safeguard`: undefined for the server's default, null when turned off. */
export function safeguardOf(flags: SafeguardFlags): AuditStartBody['safeguard'] | undefined {
  const set = flags.safeguardShare !== undefined || flags.safeguardWindow !== undefined;
  if (flags.safeguard === false) {
    if (set) throw new UsageError('--no-safeguard turns the safeguard off: give it without --safeguard-share and --safeguard-window');
    return null;
  }
  if (!set) return undefined;
  return {
    ...(flags.safeguardShare === undefined ? {} : { maxFailureShare: flags.safeguardShare }),
    ...(flags.safeguardWindow === undefined ? {} : { window: flags.safeguardWindow }),
  };
}
