import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import semver from 'semver';
import { makeTempDir } from '../../../test/fixtures/cli-fakes/fake-claude-script.js';
import { realCliPath, realCliVersion } from '../../../test/fixtures/real-cli.js';
import { MIN_CLI_VERSION } from '../../shared/cli-status.js';
import { CliService } from './cli-service.js';

/**
 * Integration: the REAL Claude Code CLI (the pinned devDependency @anthropic-ai/claude-code, or the
 * release `npm run check:newest-claude-code` installed) passed via
 * CLAUDE_DESK_CLI, with a scratch HOME so nothing of this machine's login leaks in. `auth status` and
 * `--version` are local: no API is contacted.
 */
const REAL_CLI = realCliPath();
let scratch: { dir: string; cleanup: () => Promise<void> };

beforeAll(async () => {
  scratch = await makeTempDir('claude-desk-real-cli-');
});
afterAll(() => scratch.cleanup());

function realService(extraEnv: NodeJS.ProcessEnv = {}, savedKey?: string): CliService {
  const env: NodeJS.ProcessEnv = {
    HOME: scratch.dir,
    PATH: process.env.PATH,
    CLAUDE_DESK_CLI: REAL_CLI,
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_TELEMETRY: '1',
    ...extraEnv,
  };
  return new CliService({
    env,
    home: scratch.dir,
    savedKey: savedKey
      ? { hasSavedApiKey: () => true, readSavedApiKey: async () => savedKey }
      : { hasSavedApiKey: () => false },
  });
}

describe('the real Claude Code CLI', () => {
  it('is ok at its own version (at least the minimum), found through the override', async () => {
    const status = await realService().getStatus();
    expect(status).toEqual({ status: 'ok', version: realCliVersion(), path: REAL_CLI, source: 'override' });
    expect(status.status === 'ok' && semver.gte(status.version, MIN_CLI_VERSION)).toBe(true);
  });

  it('is logged out with a scratch HOME and no key (recorded case 04b)', async () => {
    expect(await realService().getAuth()).toEqual({
      loggedIn: false,
      method: 'none',
      cli: { loggedIn: false, authMethod: 'none' },
    });
  });

  it('uses the api_key method when ANTHROPIC_API_KEY is set (recorded case 04c)', async () => {
    expect(await realService({ ANTHROPIC_API_KEY: 'sk-ant-test' }).getAuth()).toEqual({
      loggedIn: true,
      method: 'env_api_key',
      cli: {
        loggedIn: true,
        authMethod: 'api_key',
        apiKeySource: 'ANTHROPIC_API_KEY',
      },
    });
  });

  it('hands a saved key to the CLI through its environment', async () => {
    expect(await realService({}, 'sk-ant-test').getAuth()).toMatchObject({
      loggedIn: true,
      method: 'saved_api_key',
      cli: {
        loggedIn: true,
        authMethod: 'api_key',
        apiKeySource: 'ANTHROPIC_API_KEY',
      },
    });
  });
});
