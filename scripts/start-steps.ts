import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { failureLine, type StartSteps } from './start-plan';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** Electron's own lookup (node_modules/electron/index.js), without its throw, and re-read after a fetch. */
function findElectron(env: NodeJS.ProcessEnv): string | undefined {
  let dir: string;
  try {
    dir = path.dirname(require.resolve('electron/package.json'));
  } catch {
    return undefined;
  }
  let relative = 'electron';
  try {
    relative = fs.readFileSync(path.join(dir, 'path.txt'), 'utf8');
  } catch {
    if (!env.ELECTRON_OVERRIDE_DIST_PATH) return undefined;
  }
  const binary = path.join(env.ELECTRON_OVERRIDE_DIST_PATH || path.join(dir, 'dist'), relative);
  return fs.existsSync(binary) ? binary : undefined;
}

/** Runs a child to its end with the terminal; stops it with us. Ctrl-C reaches it directly (same process group). */
function runAttached(child: ChildProcess): Promise<number> {
  const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
  const onTerm = forward('SIGTERM');
  const onHup = forward('SIGHUP');
  const onInt = (): void => undefined; // the child got the same Ctrl-C; stay until it has shut down cleanly
  process.on('SIGTERM', onTerm).on('SIGHUP', onHup).on('SIGINT', onInt);
  return new Promise((resolve) => {
    const done = (code: number): void => {
      process.off('SIGTERM', onTerm).off('SIGHUP', onHup).off('SIGINT', onInt);
      resolve(code);
    };
    child.on('error', (err) => {
      process.stderr.write(`Claude Desk: could not start ${child.spawnfile}: ${err.message}\n`);
      done(1);
    });
    child.on('exit', (code, signal) => done(signal ? 1 : (code ?? 0)));
  });
}

export function realSteps(args: string[], env: NodeJS.ProcessEnv = process.env): StartSteps {
  return {
    findElectron: () => findElectron(env),
    noDisplayReason: () =>
      process.platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY
        ? 'this session has no display (DISPLAY and WAYLAND_DISPLAY are unset)'
        : undefined,
    fetchElectron: () =>
      new Promise((resolve) => {
        const script = path.join(path.dirname(require.resolve('electron/package.json')), 'install.js');
        // install.js does nothing at all under ELECTRON_SKIP_BINARY_DOWNLOAD (which older instructions told people to set).
        const childEnv = { ...env };
        delete childEnv.ELECTRON_SKIP_BINARY_DOWNLOAD;
        const child = spawn(process.execPath, [script], {
          cwd: root,
          env: childEnv,
          stdio: ['ignore', 'inherit', 'pipe'],
        });
        let stderr = '';
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
        // Its progress bar needs a terminal on stderr, which we read: say that it is still going instead.
        const started = Date.now();
        const heartbeat = setInterval(() => {
          process.stderr.write(
            `Claude Desk: still fetching Electron (${Math.round((Date.now() - started) / 1000)} s)…\n`,
          );
        }, 30_000);
        child.on('error', (err) => {
          clearInterval(heartbeat);
          resolve(err.message);
        });
        child.on('exit', (code) => {
          clearInterval(heartbeat);
          resolve(code === 0 ? undefined : failureLine(stderr, code));
        });
      }),
    launchElectron: () =>
      runAttached(spawn('npx', ['electron-vite', 'preview', ...args], { cwd: root, env, stdio: 'inherit' })),
    launchBrowserMode: () =>
      runAttached(
        spawn(process.execPath, [path.join(root, 'bin', 'claude-desk.mjs'), 'web'], {
          cwd: root,
          env,
          stdio: 'inherit',
        }),
      ),
    say: (line) => process.stderr.write(`${line}\n`),
  };
}
