// The Redis side of the token bucket: one Lua script, so reading and updating a bucket is a single
// atomic step however many server instances share the bucket. It mirrors decideTake in
// token-bucket.ts. Numbers travel as %.17g strings because Redis truncates Lua numbers returned
// to the client (and tostring keeps only 14 digits), while %.17g round-trips a double exactly.
import { createHash } from 'node:crypto';

export const TAKE_SCRIPT = `
local capacity = tonumber(ARGV[1])
local interval = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local epsilon = tonumber(ARGV[4])
local base = now
local stored = redis.call('GET', KEYS[1])
if stored then
  local full_at = tonumber(stored)
  if full_at and full_at > now then base = full_at end
end
local next_full_at = base + interval
if next_full_at - now <= capacity * interval + epsilon then
  redis.call('SET', KEYS[1], string.format('%.17g', next_full_at), 'PX', math.ceil(next_full_at - now))
  return {1, string.format('%.17g', next_full_at)}
end
return {0, string.format('%.17g', base)}
`;

export const TAKE_SCRIPT_SHA1 = createHash('sha1').update(TAKE_SCRIPT).digest('hex');
