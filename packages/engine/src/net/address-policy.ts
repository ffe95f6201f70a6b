// Which IP addresses an outbound request may reach. User-supplied URLs (audit seeds, redirect
// targets, webhook endpoints) must never reach the operator's own network, so everything that is
// not plain public unicast is refused unless the operator allows it explicitly.
import ipaddr from 'ipaddr.js';

export interface SsrfPolicy {
  /** Allow 127.0.0.0/8 and ::1 (tests, local development). */
  allowLoopback?: boolean;
  /** CIDRs that are allowed even though they are not public, e.g. `10.20.0.0/16` for an intranet. */
  allowCidrs?: string[];
}

export type AddressVerdict = { allowed: true } | { allowed: false; reason: string };

const LOOPBACK_CIDRS = ['127.0.0.0/8', '::1/128'];
const IPV4_COMPATIBLE = ipaddr.parse('::');
const DOTTED_IPV4_COMPATIBLE = /^(?:0{0,4}:){0,5}:(?:0{0,4}:)*\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * Decides whether `address` (a literal IPv4/IPv6 address, as resolved or as written in a URL) may
 * be connected to. IPv4-mapped IPv6 addresses are judged as the IPv4 address they carry, so
 * `::ffff:127.0.0.1` is loopback. Only the `unicast` range of ipaddr.js passes by default: that
 * excludes private, CGNAT, link-local (and the 169.254.169.254 metadata endpoint), unique-local
 * (and fd00:ec2::254), unspecified, multicast, broadcast, reserved, and the IPv6 transition ranges
 * (6to4, Teredo, NAT64, IPv4-compatible) that can smuggle an IPv4 address past the check.
 */
export function checkAddress(address: string, policy: SsrfPolicy = {}): AddressVerdict {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(bare)) return { allowed: false, reason: `not an IP address: ${address}` };
  // ipaddr.js reads the dotted IPv4-compatible spelling `::127.0.0.1` as the mapped `::ffff:…`.
  if (DOTTED_IPV4_COMPATIBLE.test(bare)) return { allowed: false, reason: `address ${bare} is in the deprecated IPv4-compatible range (::/96)` };
  let ip = ipaddr.parse(bare);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) {
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  }
  if (isInAllowList(ip, policy)) return { allowed: true };
  // IPv4-compatible IPv6 (::/96, deprecated by RFC 4291; ipaddr.js calls it unicast) carries an
  // IPv4 address, `::7f00:1` being 127.0.0.1: refused whatever it carries.
  if (ip.kind() === 'ipv6' && ip.match(IPV4_COMPATIBLE, 96)) {
    return { allowed: false, reason: `address ${ip.toString()} is in the deprecated IPv4-compatible range (::/96)` };
  }
  const range = ip.range();
  if (range === 'unicast') return { allowed: true };
  return { allowed: false, reason: `address ${ip.toString()} is in the ${range} range` };
}

function isInAllowList(ip: ipaddr.IPv4 | ipaddr.IPv6, policy: SsrfPolicy): boolean {
  const cidrs = [...(policy.allowLoopback ? LOOPBACK_CIDRS : []), ...(policy.allowCidrs ?? [])];
  for (const cidr of cidrs) {
    const [network, bits] = ipaddr.parseCIDR(cidr);
    if (network.kind() === ip.kind() && ip.match(network, bits)) return true;
  }
  return false;
}

/** Throws when a configured CIDR is malformed, so a bad policy fails at start-up, not per request. */
export function validatePolicy(policy: SsrfPolicy): void {
  for (const cidr of policy.allowCidrs ?? []) {
    if (!ipaddr.isValidCIDR(cidr)) throw new TypeError(`invalid CIDR in SSRF allow-list: ${cidr}`);
  }
}
