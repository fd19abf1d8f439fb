// The three front doors (HostName, beside AppInfo.host in the contract). `command-line` is `claude-desk` in a
// terminal (not Claude Code, which core/claude-code finds).
import type { HostName } from '../shared/contract';

/**
 * What a front door starts besides the services every call needs: one object per host instead of `host === …`
 * branches in the wiring. The window and browser mode live long and keep Claude Code processes for the next turn; the command line runs one
 * command and leaves, so it starts only what that command uses.
 */
export interface HostProfile {
  host: HostName;
  /** Keep the CLI that answered for the thread's next turn (keepPolicy). */
  keepProcesses: boolean;
  /** Start the next turn's CLI once a turn is over, or when the composer says one is coming. */
  prewarm: boolean;
  /** End what a dead earlier instance left running at start; off, that happens when the first CLI starts. */
  sweepOnStart: boolean;
  /** Read every thread's text ahead for the thread list's search. */
  warmSearch: boolean;
  /** Index Claude Code's sessions at start and keep the index live (off: the History is read on demand). */
  watchHistory: boolean;
  /** Follow what another Claude Desk process on this data dir does to threads, without a reload. */
  watchThreads: boolean;
  /** Warnings during start-up also on stderr: a terminal has no window to show them in. */
  consoleWarnings: boolean;
}

const LONG_LIVED = { keepProcesses: true, prewarm: true, sweepOnStart: true, warmSearch: true, consoleWarnings: false };

const PROFILES: Record<HostName, Omit<HostProfile, 'watchHistory' | 'watchThreads'>> = {
  electron: { host: 'electron', ...LONG_LIVED },
  web: { host: 'web', ...LONG_LIVED },
  // `claude-desk chat` sends one message and leaves: a CLI kept or warmed after it would only be killed, and
  // `status` stays quick because nothing is swept, indexed or read ahead.
  'command-line': {
    host: 'command-line',
    keepProcesses: false,
    prewarm: false,
    sweepOnStart: false,
    warmSearch: false,
    consoleWarnings: true,
  },
};

export interface HostProfileOptions {
  host: HostName;
  /** The front door asks for the live History (the window, browser mode); tests and the command line do not. */
  watchHistory?: boolean;
  /** Default: as watchHistory. */
  watchThreads?: boolean;
}

/** The profile of a host; watching stays the caller's choice, so a test of the window's host watches nothing. */
export function hostProfile(opts: HostProfileOptions): HostProfile {
  const watchHistory = opts.watchHistory ?? false;
  return { ...PROFILES[opts.host], watchHistory, watchThreads: opts.watchThreads ?? watchHistory };
}
