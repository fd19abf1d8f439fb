import type * as z from 'zod';

/** Declares a contract call: its input schema, and (as a phantom type) its output. One helper for every calls file. */
export const call =
  <O>() =>
  <I extends z.ZodType>(input: I) => ({ input, output: undefined as unknown as O });
