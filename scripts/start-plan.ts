/**
 * What `npm start` does, as a decision over injectable steps (so it is testable without Electron, a display or a
 * network): launch the desktop app when it can; fetch Electron's binary first when the install left it out (the
 * install-script policy in package.json denies electron's download so that an offline `npm install` succeeds); and
 * when there is no binary and none can be fetched, or no display to show a window on, start browser mode instead.
 * One command, and the app runs either way.
 */
export interface StartSteps {
  /** The Electron binary when it is installed, else undefined. */
  findElectron(): string | undefined;
  /** Why this machine cannot show a window (e.g. Linux with no display server), else undefined. */
  noDisplayReason(): string | undefined;
  /** Runs electron's own install.js; resolves undefined on success, or a one-line reason it failed. */
  fetchElectron(): Promise<string | undefined>;
  launchElectron(binary: string): Promise<number>;
  /** `claude-desk web`, which prints the browser-mode URL itself. */
  launchBrowserMode(): Promise<number>;
  say(line: string): void;
}

export const FETCH_LATER =
  'Fetch it later with `node node_modules/electron/install.js`, then `npm start` opens the desktop app.';

export async function start(steps: StartSteps): Promise<number> {
  const noDisplay = steps.noDisplayReason();
  if (noDisplay !== undefined) {
    steps.say(`Claude Desk: ${noDisplay}, so no desktop window can open — starting browser mode instead.`);
    return steps.launchBrowserMode();
  }
  let binary = steps.findElectron();
  if (binary === undefined) {
    steps.say('Claude Desk: fetching Electron (first start only, about 100 MB)…');
    const failure = await steps.fetchElectron();
    binary = failure === undefined ? steps.findElectron() : undefined;
    if (binary === undefined) {
      const why = failure ?? 'the download finished but left no Electron binary';
      steps.say(`Claude Desk: could not fetch Electron (${why}) — starting browser mode instead. ${FETCH_LATER}`);
      return steps.launchBrowserMode();
    }
  }
  return steps.launchElectron(binary);
}

/**
 * The one line worth showing from electron's install.js failing: it prints a whole stack trace
 * (`RequestError: getaddrinfo ENOTFOUND github.com` and a dozen `at …` frames); keep the error, drop the frames.
 */
export function failureLine(stderr: string, exitCode: number | null): string {
  const line = stderr
    .split(/\r?\n/)
    .map((l) => l.trim())
    .find((l) => l !== '' && !l.startsWith('at '));
  if (line !== undefined) return line.length > 200 ? `${line.slice(0, 199)}…` : line;
  return exitCode === null ? 'the download was stopped' : `electron's install.js exited with code ${exitCode}`;
}
