import type { AppInfo, CliOverview } from '../../shared/contract';
import { APP_NAME, type DataDirLayout } from '../../core/store/data-dir';
import type { ApiKeyStore } from '../../core/store/api-key-store';
import { SettingsStore } from '../../core/store/settings-store';
import { createLogger, type Logger } from '../../core/log/logger';
import type { SecretRedactor } from '../../core/log/redact';
import type { CliService } from '../../core/claude-code/cli-service';
import { selectSandbox, type Sandbox } from '../../core/sandbox/select-sandbox';
import { fullAccessRefused } from '../../core/claude-code/root-full-access';
import { appVersion } from '../app-version';
import { EventBus } from '../event-bus';
import type { HostName } from '../../shared/contract';
import { hostProfile } from '../host-profile';
import { startEarly, type EarlyStart, type EarlyStartOptions } from './claude-code-probes';

export interface DeskFoundationOptions extends EarlyStartOptions {
  host: HostName;
  /** Echo log lines on stderr too (command line with --verbose); never includes secrets. */
  logToConsole?: boolean;
}

/**
 * What every front door stands on: the data dir, the log and this run's secrets, the event bus, Settings and
 * the saved key, the Claude Code CLI and the OS wall. The whole app (createDeskApp) builds the rest on it;
 * `claude-desk status` and `doctor` need nothing more, so they load and open nothing more.
 */
export interface DeskFoundation {
  env: NodeJS.ProcessEnv;
  layout: DataDirLayout;
  log: Logger;
  /** This run's secrets (saved key, MCP token, browser-mode token): register once, scrub anywhere. */
  redactor: SecretRedactor;
  bus: EventBus;
  /** Something wrong with the app's own files: logged, kept for windows that open later, pushed to open ones. */
  warn: (message: string) => void;
  apiKey: ApiKeyStore;
  settings: SettingsStore;
  cli: CliService;
  sandbox: () => Promise<Sandbox>;
  overview: (force?: boolean) => Promise<CliOverview>;
  appInfo: () => AppInfo;
  /** Start-up is over: warnings now reach front doors as notices only (the command line stops echoing them). */
  started(): void;
  /** The last step of a shutdown: closes the log. */
  close(): void;
}

/** `early`: the first step when the caller took it already (the status commands start their probes with it). */
export async function openDeskFoundation(
  opts: DeskFoundationOptions,
  early: EarlyStart = startEarly(opts),
): Promise<DeskFoundation> {
  const { env, layout, redactor, cli } = early;
  const apiKey = await early.apiKey; // also makes the data dir's folders
  const { consoleWarnings } = hostProfile(opts);
  const log = createLogger({ file: layout.logFile, console: opts.logToConsole ? console : undefined, redactor });
  const bus = new EventBus();
  // What goes wrong with the app's own files reaches the user, not only the log: kept for windows that
  // open later (appInfo.warnings), pushed to open ones, and on the command line's stderr.
  const warnings: string[] = [];
  let starting = true; // until a front door subscribes to notices, the command line hears them here
  const warn = (message: string): void => {
    log.warn(message);
    if (warnings.length < 50) warnings.push(message);
    bus.emit('notice', { level: 'warning', message });
    if (starting && consoleWarnings && !opts.logToConsole) process.stderr.write(`warning: ${message}\n`);
  };
  early.connectWarnings(warn);

  const settings = await SettingsStore.open({ file: layout.settingsFile, env, keyStore: apiKey, onWarning: warn });

  let sandboxPromise: Promise<Sandbox> | undefined;
  const sandbox = (): Promise<Sandbox> =>
    (sandboxPromise ??= selectSandbox({ platform: process.platform, env, privateDirs: [layout.stateDir] }));

  const overview = async (force = false): Promise<CliOverview> => {
    const [status, auth, wall] = await Promise.all([cli.getStatus({ force }), cli.getAuth({ force }), sandbox()]);
    return { cli: status, auth, sandbox: { kind: wall.kind, reason: wall.reason } };
  };
  apiKey.onChange(() => void overview(true).then((o) => bus.emit('statusChanged', o)));

  const appInfo = (): AppInfo => ({
    name: APP_NAME,
    version: appVersion(),
    host: opts.host === 'electron' ? 'electron' : 'web',
    platform: process.platform,
    dataDir: layout.root,
    logFile: layout.logFile,
    ...(warnings.length ? { warnings: [...warnings] } : {}),
    ...(fullAccessRefused(env, process.getuid?.()) ? { fullAccessRefused: true } : {}),
  });

  return {
    env,
    layout,
    log,
    redactor,
    bus,
    warn,
    apiKey,
    settings,
    cli,
    sandbox,
    overview,
    appInfo,
    started() {
      log.info('Claude Desk started', { host: opts.host, version: appVersion() });
      starting = false;
    },
    close() {
      log.info('Claude Desk stopped');
      log.close();
    },
  };
}
