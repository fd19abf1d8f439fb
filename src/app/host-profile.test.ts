import { describe, expect, it } from 'vitest';
import { hostProfile } from './host-profile';

describe('host profile', () => {
  it('the command line keeps, warms, sweeps and reads ahead nothing, and echoes start-up warnings', () => {
    expect(hostProfile({ host: 'command-line' })).toEqual({
      host: 'command-line',
      keepProcesses: false,
      prewarm: false,
      sweepOnStart: false,
      warmSearch: false,
      watchHistory: false,
      watchThreads: false,
      consoleWarnings: true,
    });
  });

  it('a window and browser mode keep the CLI, pre-warm the next one, sweep at start and warm the search', () => {
    for (const host of ['electron', 'web'] as const) {
      expect(hostProfile({ host })).toMatchObject({
        host,
        keepProcesses: true,
        prewarm: true,
        sweepOnStart: true,
        warmSearch: true,
        consoleWarnings: false,
      });
    }
  });

  it('watching is the caller’s choice: threads follow the History unless told otherwise', () => {
    expect(hostProfile({ host: 'web' })).toMatchObject({ watchHistory: false, watchThreads: false });
    expect(hostProfile({ host: 'electron', watchHistory: true })).toMatchObject({
      watchHistory: true,
      watchThreads: true,
    });
    expect(hostProfile({ host: 'web', watchHistory: true, watchThreads: false })).toMatchObject({
      watchHistory: true,
      watchThreads: false,
    });
  });
});
