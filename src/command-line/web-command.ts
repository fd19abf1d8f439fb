import { createDeskApp } from '../app/desk-app';
import { startWebHost } from '../web/web-host';
import { ensureRendererBuilt } from './renderer-dir';
import { startPhoneHost } from '../web/phone-host';
import { startPhoneAccess } from './phone-pairing';

/**
 * `claude-desk web [--port N] [--phone [--address <ip>|tailscale] [--allow-public]]`: browser mode, and with
 * --phone phone access too (pairing in the terminal). Prints exactly one ready line on stdout first; Ctrl-C stops it.
 */
export async function webCommand(flags: Record<string, string | boolean>): Promise<number> {
  const port = flags.port === undefined ? 0 : Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`--port must be a number between 0 and 65535 (got ${String(flags.port)})\n`);
    return 1;
  }
  const rendererDir = await ensureRendererBuilt((line) => process.stderr.write(`${line}\n`));
  const desk = await createDeskApp({
    host: 'web',
    watchHistory: true,
    startPhoneListener: (request) =>
      startPhoneHost({ ...request, rendererDir, onError: (m) => process.stderr.write(`${m}\n`) }),
  });
  let host;
  try {
    host = await startWebHost({
      handlers: desk.handlers,
      bus: desk.bus,
      rendererDir,
      port,
      onError: (m) => process.stderr.write(`${m}\n`),
    });
  } catch (err) {
    await desk.shutdown();
    const code = (err as NodeJS.ErrnoException).code;
    process.stderr.write(
      code === 'EADDRINUSE'
        ? `Port ${port} is already in use. Choose another with --port, or omit it to pick a free one.\n`
        : `Could not start browser mode: ${String(err)}\n`,
    );
    return 1;
  }
  desk.services.redactor.add(host.token); // printed once for the user, never written to the log
  process.stdout.write(`Claude Desk is ready at ${host.url}\n`);
  let phone: { close(): void } | undefined;
  if (flags.phone === true) {
    const started = await startPhoneAccess(
      desk,
      {
        address: typeof flags.address === 'string' ? flags.address : undefined,
        allowPublic: flags['allow-public'] === true,
      },
      (line) => process.stdout.write(`${line}\n`),
    );
    if (typeof started === 'string') {
      process.stderr.write(`Phone access did not start: ${started}\n`);
      await host.close();
      await desk.shutdown();
      return 1;
    }
    phone = started;
  } else if (flags.address !== undefined) {
    process.stderr.write('--address goes with --phone.\n');
  }

  await new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  process.stderr.write('Stopping Claude Desk…\n');
  phone?.close();
  await host.close();
  await desk.shutdown();
  return 0;
}
