import { describe, expect, it } from 'vitest';
import { failureLine, start, type StartSteps } from './start-plan';

/** Steps that record what `npm start` did; `binaryAfterFetch` is what a successful fetch installs. */
function fakeSteps(opts: { installed?: boolean; fetchFails?: string; binaryAfterFetch?: boolean; noDisplay?: string }) {
  let installed = opts.installed ?? false;
  const did: string[] = [];
  const said: string[] = [];
  const steps: StartSteps = {
    findElectron: () => (installed ? '/electron' : undefined),
    noDisplayReason: () => opts.noDisplay,
    fetchElectron: async () => {
      did.push('fetch');
      if (opts.fetchFails) return opts.fetchFails;
      installed = opts.binaryAfterFetch ?? true;
      return undefined;
    },
    launchElectron: async (binary) => {
      did.push(`electron ${binary}`);
      return 0;
    },
    launchBrowserMode: async () => {
      did.push('browser');
      return 0;
    },
    say: (line) => said.push(line),
  };
  return { steps, did, said };
}

describe('npm start', () => {
  it('opens the desktop app straight away when Electron is installed', async () => {
    const { steps, did, said } = fakeSteps({ installed: true });
    expect(await start(steps)).toBe(0);
    expect(did).toEqual(['electron /electron']);
    expect(said).toEqual([]);
  });

  it('fetches a missing Electron first, saying so before the download starts, then opens the desktop app', async () => {
    const { steps, did, said } = fakeSteps({});
    await start(steps);
    expect(did).toEqual(['fetch', 'electron /electron']);
    expect(said[0]).toMatch(/^Claude Desk: fetching Electron/);
  });

  it('starts browser mode when the fetch fails (offline), and says why and how to get the desktop app later', async () => {
    const { steps, did, said } = fakeSteps({ fetchFails: 'RequestError: getaddrinfo ENOTFOUND github.com' });
    await start(steps);
    expect(did).toEqual(['fetch', 'browser']);
    expect(said[1]).toContain('could not fetch Electron (RequestError: getaddrinfo ENOTFOUND github.com)');
    expect(said[1]).toContain('starting browser mode instead');
    expect(said[1]).toContain('node node_modules/electron/install.js');
  });

  it('starts browser mode when a fetch that reported success left no binary', async () => {
    const { steps, did, said } = fakeSteps({ binaryAfterFetch: false });
    await start(steps);
    expect(did).toEqual(['fetch', 'browser']);
    expect(said[1]).toContain('left no Electron binary');
  });

  it('with no display, starts browser mode without downloading anything', async () => {
    const { steps, did, said } = fakeSteps({ noDisplay: 'this session has no display' });
    await start(steps);
    expect(did).toEqual(['browser']);
    expect(said[0]).toContain('this session has no display');
  });

  it("passes the browser-mode exit code through (a port in use is the user's to see)", async () => {
    const { steps } = fakeSteps({ fetchFails: 'offline' });
    steps.launchBrowserMode = async () => 1;
    expect(await start(steps)).toBe(1);
  });
});

describe("the one line kept from electron's install.js failing", () => {
  it('is the error, not the stack frames', () => {
    const stderr =
      'RequestError: getaddrinfo ENOTFOUND github.com\n    at ClientRequest.<anonymous> (/x/got/index.js:970:111)\n    at Object.onceWrapper (node:events:639:26)\n';
    expect(failureLine(stderr, 1)).toBe('RequestError: getaddrinfo ENOTFOUND github.com');
  });
  it('names the exit code when the script said nothing', () => {
    expect(failureLine('', 7)).toBe("electron's install.js exited with code 7");
    expect(failureLine('', null)).toBe('the download was stopped');
  });
});
