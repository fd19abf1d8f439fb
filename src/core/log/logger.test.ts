import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger, type LogConsole } from './logger';
import { REDACTED, SecretRedactor, redact, redactValue } from './redact';

describe('redact', () => {
  it.each([
    ['Anthropic API key', 'key is sk-ant-api03-AbC_d-123 ok', 'sk-ant-api03-AbC_d-123'],
    ['OAuth token', 'CLAUDE_CODE_OAUTH_TOKEN=sk-ant-oat01-zzz999', 'oat01-zzz999'],
    ['Bearer token', 'header Bearer eyJhbGciOi.JIUzI1.NiJ9 sent', 'eyJhbGciOi.JIUzI1.NiJ9'],
    ['Authorization header', 'Authorization: Basic dXNlcjpwYXNz', 'dXNlcjpwYXNz'],
    ['x-api-key header (JSON text)', '{"x-api-key": "plainsecret42"}', 'plainsecret42'],
    ['token query param', 'GET http://127.0.0.1:5173/?token=abcdef123456&x=1', 'abcdef123456'],
    ['ANTHROPIC_API_KEY env', 'env ANTHROPIC_API_KEY=whatever-value-1 claude -p', 'whatever-value-1'],
    ['ANTHROPIC_API_KEY in JSON', '{"ANTHROPIC_API_KEY":"json-secret-val"}', 'json-secret-val'],
    ['ANTHROPIC_AUTH_TOKEN env', 'ANTHROPIC_AUTH_TOKEN=tok-123456', 'tok-123456'],
  ])('hides %s', (_name, input, secret) => {
    const out = redact(input);
    expect(out).not.toContain(secret);
    expect(out).toContain(REDACTED);
  });

  it('keeps ordinary text intact', () => {
    const text = 'Turn finished in 1200 ms, max_tokens=64000, 20 output tokens, task-ant and sk-other';
    expect(redact(text)).toBe(text);
  });

  it('hides registered secrets wherever they appear, but not tiny strings', () => {
    expect(redact('the web token is Zq9xY7wV6u here', ['Zq9xY7wV6u'])).toBe(`the web token is ${REDACTED} here`);
    expect(redact('a b c', ['a'])).toBe('a b c');
  });

  it('masks secret-named fields, walks nested values and survives cycles', () => {
    const cyclic: Record<string, unknown> = { name: 'x' };
    cyclic.self = cyclic;
    const out = redactValue({
      apiKey: 'no-prefix-secret',
      headers: { Authorization: 'Basic abc', 'content-type': 'json' },
      argv: ['claude', '--print', 'ANTHROPIC_API_KEY=sk-ant-inline'],
      inputTokens: 12,
      cyclic,
      err: new Error('failed with key sk-ant-api03-LEAK'),
    }) as Record<string, unknown>;
    const json = JSON.stringify(out);
    expect(json).not.toContain('no-prefix-secret');
    expect(json).not.toContain('Basic abc');
    expect(json).not.toContain('sk-ant-inline');
    expect(json).not.toContain('LEAK');
    expect(json).toContain('"inputTokens":12');
    expect(json).toContain('[Circular]');
    expect(json).toContain('content-type');
  });
});

describe('createLogger', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'desk-log-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('scrubs quoted secrets once, before serialising: every line still parses as JSON', () => {
    const file = path.join(dir, 'quoted.log');
    const redactor = new SecretRedactor();
    const log = createLogger({ file, redactor });
    redactor.add('f00dfeedcafe1234'); // e.g. the MCP token, registered after the logger exists
    log.warn('stderr: {"url":"http://127.0.0.1:9/mcp?token=abc123def","note":"token f00dfeedcafe1234"}');
    log.info('open "http://127.0.0.1:5173/?token=Zq9xY7wV6u"', { line: 'x-api-key: "k3y-k3y-k3y"' });
    const text = fs.readFileSync(file, 'utf8');
    const lines = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { msg: string });
    expect(lines).toHaveLength(2);
    expect(lines[0]!.msg).toBe(`stderr: {"url":"http://127.0.0.1:9/mcp?token=${REDACTED}","note":"token ${REDACTED}"}`);
    for (const secret of ['abc123def', 'f00dfeedcafe1234', 'Zq9xY7wV6u', 'k3y-k3y-k3y'])
      expect(text).not.toContain(secret);
  });

  const lines = (file: string) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);

  it('writes JSON lines with time, level, msg and fields to a private file', () => {
    const file = path.join(dir, 'logs', 'claude-desk.log');
    const log = createLogger({ file, now: () => new Date('2025-01-02T03:04:05.000Z') });
    log.info('turn started', { threadId: 't1', n: 2 });
    log.warn('no fields');
    log.debug('hidden at info level');
    log.close();
    expect(lines(file)).toEqual([
      { time: '2025-01-02T03:04:05.000Z', level: 'info', msg: 'turn started', fields: { threadId: 't1', n: 2 } },
      { time: '2025-01-02T03:04:05.000Z', level: 'warn', msg: 'no fields' },
    ]);
    if (process.platform !== 'win32') {
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    }
  });

  it('never writes a key, a bearer token or a registered secret to the file or the console', () => {
    const file = path.join(dir, 'claude-desk.log');
    const seen: string[] = [];
    const sink: LogConsole = { log: (l) => seen.push(l), error: (l) => seen.push(l) };
    const log = createLogger({ file, console: sink });
    log.addSecret('web-token-0123456789');
    log.info('spawn with ANTHROPIC_API_KEY=sk-ant-api03-SECRET1', {
      env: { ANTHROPIC_API_KEY: 'sk-ant-api03-SECRET2' },
      url: 'http://127.0.0.1:1/?token=web-token-0123456789',
      header: 'Bearer SECRET3token',
    });
    log.error('failed', { err: new Error('bad key sk-ant-api03-SECRET4') });
    log.close();
    const all = fs.readFileSync(file, 'utf8') + seen.join('\n');
    for (const s of ['SECRET1', 'SECRET2', 'SECRET3', 'SECRET4', 'web-token-0123456789']) expect(all).not.toContain(s);
    expect(seen).toHaveLength(2);
    expect(lines(file)).toHaveLength(2);
  });

  it('rotates by size and keeps only `keep` old files', () => {
    const file = path.join(dir, 'claude-desk.log');
    const log = createLogger({ file, maxBytes: 400, keep: 2 });
    for (let i = 0; i < 40; i++) log.info(`line ${i} ${'x'.repeat(50)}`);
    log.close();
    const names = fs.readdirSync(dir).sort();
    expect(names).toEqual(['claude-desk.log', 'claude-desk.log.1', 'claude-desk.log.2']);
    for (const n of names) expect(fs.statSync(path.join(dir, n)).size).toBeLessThanOrEqual(400);
    // The newest line is in the live file; the rotated files hold the lines just before it, in order.
    const live = lines(file).map((l) => l.msg as string);
    expect(live.at(-1)).toMatch(/^line 39 /);
    const prev = lines(`${file}.1`).map((l) => l.msg as string);
    const lastPrev = Number(prev.at(-1)?.split(' ')[1]);
    const firstLive = Number(live[0]?.split(' ')[1]);
    expect(firstLive).toBe(lastPrev + 1);
  });

  it('does not throw when the log file cannot be written', () => {
    const blocker = path.join(dir, 'not-a-dir');
    fs.writeFileSync(blocker, 'x');
    const log = createLogger({ file: path.join(blocker, 'claude-desk.log') });
    expect(() => log.error('still fine')).not.toThrow();
  });
});
