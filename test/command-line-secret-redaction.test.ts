import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'bin', 'claude-desk.mjs');
const fakeClaude = path.join(root, 'test', 'fixtures', 'fake-claude.mjs');

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(full)));
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

/** A CLI that prints the MCP bearer token on stderr: the token must reach no terminal, log or thread file. */
describe("runtime secrets on the CLI's stderr", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'claude-desk-secret-'));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('scrubs the MCP token from stderr, the log and the data dir, and every log line still parses', async () => {
    const dataDir = path.join(dir, 'data');
    const secretFile = path.join(dir, 'token.txt');
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      CLAUDE_DESK_DATA_DIR: dataDir,
      CLAUDE_DESK_CLI: fakeClaude,
      ANTHROPIC_API_KEY: 'sk-ant-test',
      FAKE_CLAUDE_MODE: 'echo-mcp-token',
      FAKE_CLAUDE_SECRET_FILE: secretFile,
    };
    const res = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [bin, 'chat', 'Hi'], { env, cwd: root, timeout: 90_000 }, (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });
    const token = await fs.readFile(secretFile, 'utf8');
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(res.code).toBe(1);
    // The failure is still explained, with the CLI's words, minus the token.
    expect(res.stderr).toContain('MCP connect failed');
    expect(res.stderr).toContain('[REDACTED]');
    expect(res.stderr + res.stdout).not.toContain(token);

    const files = await filesUnder(dataDir);
    expect(files.some((f) => f.endsWith('.log'))).toBe(true);
    for (const file of files) expect(await fs.readFile(file, 'utf8'), file).not.toContain(token);
    const logLines = (await fs.readFile(path.join(dataDir, 'state', 'logs', 'claude-desk.log'), 'utf8'))
      .trim()
      .split('\n');
    expect(logLines.join('\n')).toContain('MCP connect failed');
    for (const line of logLines) expect(() => JSON.parse(line), line).not.toThrow();
  });
});
