/** A tiny, strict argument parser: known flags only, so a typo is an error rather than a silent default. */
export interface ParsedArgs {
  command: string | undefined;
  flags: Record<string, string | boolean>;
  positionals: string[];
}

export function parseArgs(argv: string[], spec: Record<string, 'bool' | 'string'>): ParsedArgs {
  const [command, ...rest] = argv;
  const flags: Record<string, string | boolean> = {};
  const positionals: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--') {
      positionals.push(...rest.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    const kind = spec[name];
    if (!kind) throw new UsageError(`Unknown option --${name}`);
    if (kind === 'bool') flags[name] = true;
    else {
      const value = inline ?? rest[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      flags[name] = value;
    }
  }
  return { command, flags, positionals };
}

export class UsageError extends Error {}
