import type * as z from 'zod';

/** Declares a contract call: its input schema, and (as a phantom type) its output. One helper for every calls file. */
export const call =
  <O>() =>
  <I extends z.ZodType>(input: I) => ({ input, output: undefined as unknown as O });

/** One declared call. */
export interface CallDef {
  input: z.ZodType;
  output: unknown;
}

/**
 * A feature's calls, exactly its names: `satisfies CallsOf<ThreadsCallName>` on the object fails the build on a name
 * missing from the object, or on a call the feature's names file does not list.
 */
export type CallsOf<N extends string> = Record<N, CallDef>;
