// JSON logs through pino, one line per request carrying the request id. The Authorization header
// (and cookies) are redacted in every line; API keys never reach a log, not even when a client
// puts one in the URL (`?api_key=…`): see redactUrlForLog.
import { pino, stdSerializers, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { RequestHandler } from 'express';
import { state } from './locals.js';

export const REDACTED_PATHS = ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]', 'res.headers["set-cookie"]'];

export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, destination as never);
}

/** This service's API keys (`sk_live_…`), wherever they stand in a URL. */
const API_KEY = /sk_[a-z]+_[A-Za-z0-9]{8,}/g;
/** Query parameter names that say their value is a secret: api_key, access_token, password, sig… */
const SECRET_NAME = /key|token|secret|passw|pwd|auth|sig|session|credential/i;
const CENSOR = '[redacted]';

/** The URL as it may be logged: API keys anywhere, and the values of secret-named parameters, redacted. */
export function redactUrlForLog(url: string): string {
  const out = url.replace(API_KEY, CENSOR);
  const q = out.indexOf('?');
  if (q < 0) return out;
  const query = out
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq > 0 && SECRET_NAME.test(safeDecode(pair.slice(0, eq))) ? `${pair.slice(0, eq)}=${CENSOR}` : pair;
    });
  return `${out.slice(0, q + 1)}${query.join('&')}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The probes an orchestrator calls every few seconds: logged at debug, so they do not drown the requests. */
const PROBES = new Set(['/healthz', '/readyz']);

/**
 * One short line per request: method, URL (credentials redacted), status, time, client address and
 * agent, and the request id. Not the headers: they made a line about 1 KB and say little more (the
 * Authorization header, redacted, was among them).
 */
export function logRequests(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    serializers: {
      req: stdSerializers.wrapRequestSerializer((req) => {
        const headers = req.headers as Record<string, string | undefined>;
        // Express's `ip`: the client, read through trusted proxies only (TRUST_PROXY).
        const client = (req.raw as { ip?: string; socket?: { remoteAddress?: string } } | undefined) ?? {};
        return {
          method: req.method,
          url: redactUrlForLog(req.url),
          remoteAddress: client.ip ?? client.socket?.remoteAddress,
          userAgent: headers['user-agent'],
        } as never;
      }),
      res: stdSerializers.wrapResponseSerializer((res) => ({ statusCode: (res.raw as { statusCode?: number } | undefined)?.statusCode ?? null }) as never),
    },
    genReqId: (_req, res) => state(res as never).requestId,
    customProps: (_req, res) => ({ requestId: state(res as never).requestId }),
    customLogLevel: (req, res, error) => {
      if (error || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'warn';
      return PROBES.has(req.url.split('?')[0]!) ? 'debug' : 'info';
    },
  });
}
