import * as z from 'zod';

/** One memory the agent learned through the app's MCP tools (core/store/memory-store keeps them). */
export const memorySchema = z.object({
  id: z.string(),
  content: z.string(),
  tags: z.array(z.string()),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Memory = z.infer<typeof memorySchema>;
