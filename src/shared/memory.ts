/** One memory the agent learned through the app's MCP tools (core/store/memory-store keeps them). */
export interface Memory {
  id: string;
  content: string;
  tags: string[];
  createdAt: number;
  updatedAt: number;
}
