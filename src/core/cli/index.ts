/** Public surface of src/core/cli for src/app and the command line. */
export { CliService, type CliServiceDeps } from './cli-service.js';
export type { CliCommand } from './find-claude-binary.js';
export type { SavedKeyAccess } from './probe-auth.js';
export type { RunCommand, RunResult } from './run-command.js';
export {
  CLI_INSTALL_COMMANDS,
  CLI_LOGIN_COMMANDS,
  CLI_UPGRADE_COMMAND,
  describeAuth,
  describeCli,
  formatDoctor,
  formatStatusSummary,
} from './format-status.js';
