import { createStatusDesk } from '../app/status-desk';
import { callHandler } from '../app/dispatch-call';
import { formatDoctor, formatStatusSummary } from '../core/cli/format-status';

/** `claude-desk status [--json]`: exit 0 when the CLI is ready to use, 1 otherwise. */
export async function statusCommand(flags: Record<string, string | boolean>): Promise<number> {
  const desk = await createStatusDesk({ host: 'cli' });
  try {
    const { cli, auth, sandbox } = await callHandler(desk.handlers, 'getCliStatus', { force: true });
    if (flags.json) process.stdout.write(`${JSON.stringify({ cli, auth, sandbox })}\n`);
    else process.stdout.write(`${formatStatusSummary(cli, auth)}\nOS wall: ${sandbox.kind} — ${sandbox.reason}\n`);
    return cli.status === 'ok' ? 0 : 1;
  } finally {
    await desk.shutdown();
  }
}

/** `claude-desk doctor`: everything the lookup saw, as text. */
export async function doctorCommand(): Promise<number> {
  const desk = await createStatusDesk({ host: 'cli' });
  try {
    await callHandler(desk.handlers, 'getCliStatus', { force: true });
    const report = await callHandler(desk.handlers, 'getDoctor', undefined);
    process.stdout.write(`${formatDoctor(report)}\n`);
    return report.cli.status === 'ok' ? 0 : 1;
  } finally {
    await desk.shutdown();
  }
}
