// UUIDv7 (RFC 9562 §5.7): ids sort by creation time, so they make a stable tie-breaker after
// created_at and keep B-tree inserts append-mostly on both SQLite and PostgreSQL.
//
// Layout: 48-bit Unix ms timestamp | ver 0111 | 12 bits | var 10 | 62 bits.
// Monotonicity (RFC 9562 §6.2, method 1 "fixed bit-length dedicated counter"): a 42-bit counter
// fills rand_a and the top 30 bits of rand_b. It is seeded randomly (top bit clear, leaving room
// to count up) on each new millisecond and incremented within one; the last 32 bits stay random.
// If the clock goes backwards the last timestamp is kept, so ids never decrease within a process.
import { randomFillSync, randomInt } from 'node:crypto';

const COUNTER_BITS = 42;
const COUNTER_MAX = 2 ** COUNTER_BITS - 1;
const MAX_TIMESTAMP = 2 ** 48 - 1;

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type UuidV7Generator = (nowMs?: number) => string;

export function createUuidV7Generator(): UuidV7Generator {
  let lastMs = -1;
  let counter = 0;

  return (nowMs = Date.now()) => {
    let ms = Math.floor(nowMs);
    if (!Number.isFinite(ms) || ms < 0 || ms > MAX_TIMESTAMP) {
      throw new RangeError(`UUIDv7 timestamp out of range: ${nowMs}`);
    }
    if (ms > lastMs) {
      counter = seedCounter();
    } else {
      ms = lastMs;
      counter += 1;
      if (counter > COUNTER_MAX) {
        // Counter exhausted within one ms: borrow the next ms, as RFC 9562 allows.
        ms += 1;
        counter = seedCounter();
      }
    }
    lastMs = ms;
    return format(ms, counter, randomTail());
  };
}

/** The process-wide generator; one instance keeps ids monotonic across all repositories. */
export const uuidv7: UuidV7Generator = createUuidV7Generator();

/** The creation time encoded in a UUIDv7, in ms. */
export function uuidv7Timestamp(id: string): number {
  return parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}

/**
 * The random tail of an id, from a pool filled 4 KiB at a time: one call into the system's CSPRNG
 * per thousand ids rather than one per id (every request and every stored page takes an id).
 */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function randomTail(): Buffer {
  if (poolOffset + 4 > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const tail = pool.subarray(poolOffset, poolOffset + 4);
  poolOffset += 4;
  return tail;
}

function seedCounter(): number {
  // 41 random bits: two draws because randomInt is limited to 48-bit ranges.
  return randomInt(0, 2 ** 20) * 2 ** 21 + randomInt(0, 2 ** 21);
}

function format(ms: number, counter: number, tail: Buffer): string {
  const bytes = Buffer.alloc(16);
  bytes.writeUIntBE(ms, 0, 6);
  const high12 = Math.floor(counter / 2 ** 30); // rand_a
  const low30 = counter % 2 ** 30; // top of rand_b
  bytes[6] = 0x70 | (high12 >>> 8);
  bytes[7] = high12 & 0xff;
  bytes[8] = 0x80 | (low30 >>> 24);
  bytes[9] = (low30 >>> 16) & 0xff;
  bytes[10] = (low30 >>> 8) & 0xff;
  bytes[11] = low30 & 0xff;
  tail.copy(bytes, 12);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
