// Turning a failed provider response into the one line a user sees in the result. Providers put
// their reason in different places (OpenAI and most compatible servers: `{error: {message}}`;
// others `{error: "..."}`, `{message}` or FastAPI's `{detail}`); HTML error pages of proxies are
// reduced to their text. The API key is cut out of anything that leaves the adapter.

/** Longest error text kept; the contract allows 2,000 characters, a reason needs far fewer. */
const MAX_ERROR_CHARS = 500;
const REDACTED = '[redacted]';

/** The provider's own reason from an error body, or null when the body says nothing useful. */
export function providerMessage(body: Buffer | null, contentType: string | null): string | null {
  if (body === null || body.length === 0) return null;
  const text = body.toString('utf8');
  if (contentType?.includes('json') || /^\s*[{[]/.test(text)) {
    try {
      const fromJson = messageFromJson(JSON.parse(text));
      if (fromJson !== null) return fromJson;
    } catch {
      // Not JSON after all: fall through to the text.
    }
  }
  const plain = text.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' ');
  return oneLine(plain) || null;
}

function messageFromJson(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return typeof value === 'string' ? value : null;
  const o = value as Record<string, unknown>;
  const error = o['error'];
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null) {
    const message = (error as Record<string, unknown>)['message'];
    if (typeof message === 'string') return message;
  }
  if (typeof o['message'] === 'string') return o['message'];
  const detail = o['detail'];
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    const parts = detail
      .map((d: unknown) => (typeof d === 'object' && d !== null ? (d as Record<string, unknown>)['msg'] : d))
      .filter((m) => typeof m === 'string');
    if (parts.length > 0) return parts.join('; ');
  }
  return null;
}

/**
 * Removes the key and any long fragment of it: some providers echo a masked key back
 * (`Incorrect API key provided: sk-abc123**********wxyz`), and the visible part is still a secret.
 */
export function redactSecret(text: string, secret: string | null): string {
  if (secret === null || secret.length === 0) return text;
  let out = text.split(secret).join(REDACTED);
  if (secret.length >= 8) {
    out = out.replace(/[A-Za-z0-9_\-.]{6,}/g, (token) => (secret.includes(token) ? REDACTED : token));
  }
  return out;
}

/** One line, whitespace collapsed, cut to the length a result keeps. */
export function trimError(text: string): string {
  const line = oneLine(text);
  return line.length <= MAX_ERROR_CHARS ? line : `${line.slice(0, MAX_ERROR_CHARS - 1).trimEnd()}…`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
