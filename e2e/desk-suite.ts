import { test } from '@playwright/test';
import { type MockApi, startMockAnthropicApi } from '../test/fixtures/mock-anthropic-api';
import { type RealCliEnv, realCliEnv, realCliPath } from '../test/fixtures/real-cli';
import { type DeskHost, startDeskHost } from './desk-host';

export interface DeskSuite {
  mock: MockApi;
  cli: RealCliEnv;
  host: DeskHost;
}

/** What `prepare` may hand the host. */
export interface Prepared {
  dataDir?: string;
}

export interface DeskSuiteOptions {
  /** Added to Claude Code's environment (realCliEnv's `extra`), e.g. IS_SANDBOX for full access as root. */
  cliExtra?: Record<string, string>;
  /** Added to (or, undefined, removed from) the host's environment, after Claude Code's and CLAUDE_DESK_CLI. */
  env?: Record<string, string | undefined>;
  /** Runs before the host starts: files in Claude Code's HOME, a data dir the host then opens. */
  prepare?: (suite: Omit<DeskSuite, 'host'>) => Promise<Prepared | undefined> | Prepared | undefined;
}

/**
 * The set-up the real-CLI specs share, once per spec file (each file has a window of its own: the threads, requests
 * and settings one file makes are never another's): the mock Messages API, a scratch HOME for the real Claude Code,
 * and browser mode over both; all stopped and removed after the file. `bind` hands them to the spec file, as
 * useRealCliSuite does for the Vitest ones.
 */
export function useDeskSuite(bind: (suite: DeskSuite) => void, options: DeskSuiteOptions = {}): void {
  let mock: MockApi | undefined;
  let cli: RealCliEnv | undefined;
  let host: DeskHost | undefined;
  test.beforeAll(async () => {
    mock = await startMockAnthropicApi();
    cli = realCliEnv(mock, options.cliExtra ? { extra: options.cliExtra } : {});
    const prepared = (await options.prepare?.({ mock, cli })) ?? {};
    host = await startDeskHost({
      ...(prepared.dataDir ? { dataDir: prepared.dataDir } : {}),
      env: { ...cli.env, CLAUDE_DESK_CLI: realCliPath(), ...options.env },
    });
    bind({ mock, cli, host });
  });
  test.afterAll(async () => {
    await host?.stop();
    await mock?.close();
    cli?.cleanup();
  });
}
