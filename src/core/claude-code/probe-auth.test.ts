import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeClaudeScript, makeTempDir, writeExecutable } from '../../../test/fixtures/cli-fakes/fake-claude-script.js';
import { parseAuthJson, resolveAuth, type ResolveAuthInput } from './probe-auth.js';
import { runProcess } from './run-command.js';

let tmp: { dir: string; cleanup: () => Promise<void> };
let record: string;
beforeEach(async () => {
  tmp = await makeTempDir();
  record = path.join(tmp.dir, 'seen.txt');
});
afterEach(() => tmp.cleanup());

async function input(over: Partial<ResolveAuthInput> & { loggedIn?: 'always' } = {}): Promise<ResolveAuthInput> {
  const file = await writeExecutable(
    path.join(tmp.dir, 'claude'),
    fakeClaudeScript({
      kind: 'version',
      version: '2.1.328',
      loggedIn: over.loggedIn,
      recordTo: record,
    }),
  );
  return {
    command: { file, args: [] },
    run: runProcess,
    env: { PATH: tmp.dir },
    hasSavedApiKey: () => false,
    ...over,
  };
}

describe('resolveAuth', () => {
  it('is "none" when logged out (the CLI prints JSON and exits 1, recorded case 04b)', async () => {
    const auth = await resolveAuth(await input());
    expect(auth).toEqual({
      loggedIn: false,
      method: 'none',
      cli: { loggedIn: false, authMethod: 'none' },
    });
  });

  it('prefers ANTHROPIC_API_KEY from the app environment (recorded case 04c)', async () => {
    const auth = await resolveAuth(
      await input({
        env: { PATH: tmp.dir, ANTHROPIC_API_KEY: 'sk-ant-env' },
        hasSavedApiKey: () => true,
      }),
    );
    expect(auth).toEqual({
      loggedIn: true,
      method: 'env_api_key',
      cli: {
        loggedIn: true,
        authMethod: 'api_key',
        apiKeySource: 'ANTHROPIC_API_KEY',
      },
    });
  });

  it('uses the saved key next, handing it to the probe through env and never through argv', async () => {
    const auth = await resolveAuth(
      await input({
        hasSavedApiKey: async () => true,
        readSavedApiKey: async () => 'sk-ant-saved-123',
      }),
    );
    expect(auth).toMatchObject({
      loggedIn: true,
      method: 'saved_api_key',
      cli: { authMethod: 'api_key' },
    });
    const seen = await readFile(record, 'utf8');
    expect(seen).toContain('key=sk-ant-saved-123');
    expect(seen).toContain('argv=auth status --json');
    expect(
      seen
        .split('\n')
        .filter((l) => l.startsWith('argv='))
        .join('\n'),
    ).not.toContain('sk-ant');
  });

  it("falls back to the CLI's own login", async () => {
    const auth = await resolveAuth(await input({ loggedIn: 'always' }));
    expect(auth).toEqual({
      loggedIn: true,
      method: 'cli_login',
      cli: {
        loggedIn: true,
        authMethod: 'claude.ai',
        email: 'person@example.com',
      },
    });
  });

  it('still resolves a key when there is no CLI to ask, and says why the CLI was not asked', async () => {
    const auth = await resolveAuth({
      ...(await input()),
      command: null,
      env: { ANTHROPIC_API_KEY: 'sk-ant-env' },
    });
    expect(auth).toEqual({
      loggedIn: true,
      method: 'env_api_key',
      error: 'Claude Code CLI not found',
    });
  });

  it('reports a hanging auth probe as an error, not as logged in', async () => {
    const file = await writeExecutable(path.join(tmp.dir, 'hang'), fakeClaudeScript({ kind: 'hang' }));
    const auth = await resolveAuth({
      ...(await input()),
      command: { file, args: [] },
      timeoutMs: 300,
    });
    expect(auth).toEqual({
      loggedIn: false,
      method: 'none',
      error: 'auth status timed out after 300 ms',
    });
  });

  it('never repeats the key in an error, even when the CLI echoes it', async () => {
    const file = await writeExecutable(
      path.join(tmp.dir, 'echoer'),
      fakeClaudeScript({
        kind: 'output',
        stdout: '',
        stderr: 'bad key sk-ant-saved-999 rejected',
        exitCode: 1,
      }),
    );
    const auth = await resolveAuth({
      ...(await input()),
      command: { file, args: [] },
      hasSavedApiKey: () => true,
      readSavedApiKey: async () => 'sk-ant-saved-999',
    });
    expect(auth.error).toBe('auth status exited with code 1: bad key [redacted] rejected');
  });
});

describe('parseAuthJson', () => {
  it('ignores output that is not the auth JSON', () => {
    expect(parseAuthJson('Not logged in. Run claude auth login to authenticate.')).toBeNull();
    expect(parseAuthJson('{"foo":1}')).toBeNull();
  });
});
