import * as z from 'zod';

/**
 * A model as the user types it: a routing string `claude-code:<model>[@<temperature>]` or a bare model
 * id (`opus`, `claude-sonnet-4-5[1m]`); `''` means "the default". It ends up after `--model` on the CLI's
 * command line, so: no spaces or control characters, and no leading `-` that could read as a flag.
 * The one schema for the app's default model (settings) and a thread's own model (contract, store).
 */
export const MODEL_NAME_RULE =
  'A model name has letters, digits and . _ - : @ / [ ] only, and does not start with "-".';

export const modelRoutingSchema = z
  .string()
  .trim()
  .max(200, 'A model name is at most 200 characters.')
  .regex(/^(?!-)[A-Za-z0-9._:@/[\]-]*$/, MODEL_NAME_RULE);
