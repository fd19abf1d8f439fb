/**
 * Secret scrubbing for everything that reaches a log line or the console. Applied to the message,
 * every string inside the fields, and once more to the finished line, so a secret is caught whether
 * it arrives as a field value, inside an error message, or embedded in a command line.
 */

export const REDACTED = '[REDACTED]';

/** Field names whose values are secret whatever they look like. */
const SECRET_KEY =
  /^(authorization|proxy-authorization|x-api-key|api[-_]?key|apikey|password|passwd|secret|client[-_]?secret|(access|refresh|id|auth|bearer|session)?[-_]?token|anthropic_api_key|anthropic_auth_token|claude_code_oauth_token|cookie|set-cookie)$/i;

const PATTERNS: [RegExp, string][] = [
  // Anthropic keys (API keys sk-ant-api03-…, OAuth tokens sk-ant-oat01-…).
  [/sk-ant-[\w-]+/g, `sk-ant-${REDACTED}`],
  // Env assignments, in a command line, a dump of env, or JSON text.
  [
    /\b(ANTHROPIC_API_KEY|ANTHROPIC_AUTH_TOKEN|CLAUDE_CODE_OAUTH_TOKEN|CLAUDE_DESK_TOKEN)(["']?\s*[=:]\s*["']?)[^\s"'&,;}]+/gi,
    `$1$2${REDACTED}`,
  ],
  // Header lines: `Authorization: Basic abc`, `"x-api-key": "abc"`. The Bearer rule below also covers values alone.
  [/\b(authorization|proxy-authorization|x-api-key)(["']?\s*[:=]\s*["']?)[^"'\r\n,}]+/gi, `$1$2${REDACTED}`],
  [/\bBearer\s+[^\s"',;]+/gi, `Bearer ${REDACTED}`],
  // Query parameters: the web host's `?token=…` URL, and common cousins.
  [/([?&;]|\b)((?:access_|refresh_|id_)?token|api[_-]?key|password|secret)=[^&\s"'#]+/gi, `$1$2=${REDACTED}`],
];

/** Scrub one string. `secrets` are exact strings (e.g. the saved key, the web token) registered at runtime. */
export function redact(text: string, secrets: Iterable<string> = []): string {
  let out = text;
  for (const secret of secrets) {
    // Short strings would erase ordinary words; every real secret is longer.
    if (secret.length >= 6 && out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  for (const [re, replacement] of PATTERNS) out = out.replace(re, replacement);
  return out;
}

/**
 * A JSON-safe, redacted copy of log fields: strings scrubbed, secret-named keys masked, Errors turned
 * into {name, message, stack}, cycles and functions cut, depth bounded.
 */
export function redactValue(
  value: unknown,
  secrets: Iterable<string> = [],
  depth = 0,
  seen = new WeakSet<object>(),
): unknown {
  const list = Array.isArray(secrets) ? secrets : [...secrets];
  if (typeof value === 'string') return redact(value, list);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'undefined' || typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (seen.has(value)) return '[Circular]';
  if (depth > 8) return '[Depth]';
  seen.add(value);
  if (value instanceof Error) {
    const err: Record<string, unknown> = { name: value.name, message: redact(value.message, list) };
    if (value.stack) err.stack = redact(value.stack, list);
    const code = (value as NodeJS.ErrnoException).code;
    if (code) err.code = code;
    return err;
  }
  if (Buffer.isBuffer(value)) return `[Buffer ${value.length} bytes]`;
  if (Array.isArray(value)) return value.slice(0, 200).map((v) => redactValue(v, list, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    out[k] =
      SECRET_KEY.test(k) && v !== undefined && v !== null && v !== ''
        ? REDACTED
        : redactValue(v, list, depth + 1, seen);
  }
  return out;
}

/**
 * The one registry of this run's secrets (saved API key, MCP bearer token, browser-mode token). Every
 * path by which outside text reaches a person or a file — the log, the CLI's stderr tail in a turn error
 * (and so the thread log), the command line's stderr — scrubs through it. Values are scrubbed *before*
 * they are serialised, exactly once: scrubbing a finished JSON line can eat the backslash of an escape
 * and leave a line that no longer parses.
 */
export class SecretRedactor {
  private readonly secrets = new Set<string>();

  add(secret: string | undefined | null): void {
    const s = secret?.trim();
    if (s) this.secrets.add(s);
  }

  text(value: string): string {
    return redact(value, this.secrets);
  }

  value(value: unknown): unknown {
    return redactValue(value, [...this.secrets]);
  }
}
