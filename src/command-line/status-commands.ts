import { createStatusDesk } from '../app/settings/status-desk';
import { formatDoctor, formatStatusSummary } from '../core/claude-code/format-status';

/**
 * The status desk starts the Claude Code probes as it opens: a new process has nothing cached, so the calls below
 * ask without `force` and wait for those probes instead of starting a second pair.
 */
async function openStatusDesk() {
  const desk = await createStatusDesk({ host: 'command-line' });
  // The contract's validation (zod) is loaded once the probes run.
  const { callHandler } = await import('../app/dispatch-call');
  return { desk, callHandler };
}

/** `claude-desk status [--json]`: exit 0 when the CLI is ready to use, 1 otherwise. */
export async function statusCommand(flags: Record<string, string | boolean>): Promise<number> {
  const { desk, callHandler } = await openStatusDesk();
  try {
    const { cli, auth, sandbox } = await callHandler(desk.handlers, 'getCliStatus', undefined);
    if (flags.json) process.stdout.write(`${JSON.stringify({ cli, auth, sandbox })}\n`);
    else process.stdout.write(`${formatStatusSummary(cli, auth)}\nOS wall: ${sandbox.kind} — ${sandbox.reason}\n`);
    return cli.status === 'ok' ? 0 : 1;
  } finally {
    await desk.shutdown();
  }
}

/** `claude-desk doctor`: everything the lookup saw, as text. */
export async function doctorCommand(): Promise<number> {
  const { desk, callHandler } = await openStatusDesk();
  try {
    await callHandler(desk.handlers, 'getCliStatus', undefined);
    const report = await callHandler(desk.handlers, 'getDoctor', undefined);
    process.stdout.write(`${formatDoctor(report)}\n`);
    return report.cli.status === 'ok' ? 0 : 1;
  } finally {
    await desk.shutdown();
  }
}
