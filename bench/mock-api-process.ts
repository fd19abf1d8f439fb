/**
 * The mock Messages API in a process of its own, for the first-token bench. The real API is remote: a turn's request
 * is answered while the client goes on with its own work. A mock on the bench's event loop is not: whatever a client
 * does on that loop after it wrote the user line (the app's bookkeeping, parsing the CLI's first lines) delays the
 * mock's answer, and the bench would count it twice, once as the client's work and once as the API's.
 * The child reports each `POST /v1/messages` with the time it arrived (process.hrtime, the same monotonic clock in
 * every process), and exits when the bench does.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startMockAnthropicApi } from '../test/fixtures/mock-anthropic-api';

const CHILD = 'BENCH_MOCK_API_CHILD';

export interface MockApiProcess {
  url: string;
  /** Called with the time (ms, process.hrtime) each Messages request reached the mock. */
  onRequest(fn: (atMs: number) => void): void;
  close(): Promise<void>;
}

export async function startMockApiProcess(): Promise<MockApiProcess> {
  // The bench runs under tsx: the child gets the same loader (process.execArgv) to run this TypeScript file.
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: process.execArgv,
    env: { ...process.env, [CHILD]: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const listeners: ((atMs: number) => void)[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the mock API process exited (${code}) before it listened`)));
    child.on('message', (m: { url?: string; request?: number }) => {
      if (m.url) resolve(m.url);
      if (m.request !== undefined) for (const fn of listeners) fn(m.request);
    });
  });
  child.removeAllListeners('exit');
  return {
    url,
    onRequest: (fn) => void listeners.push(fn),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.disconnect(); // the child closes its server and exits on disconnect
      }),
  };
}

if (process.env[CHILD] === '1' && process.send) {
  const mock = await startMockAnthropicApi();
  mock.setResponder(() => {
    process.send?.({ request: Number(process.hrtime.bigint()) / 1e6 });
    return undefined; // the built-in scenarios answer
  });
  process.on('disconnect', () => void mock.close().finally(() => process.exit(0)));
  process.send({ url: mock.url });
}
