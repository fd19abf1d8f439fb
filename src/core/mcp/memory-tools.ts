import * as z from 'zod';
import { MEMORY_LIMITS, type Memory } from '../store/memory-store';
import { defineTool, iso, json } from './desk-tool';

const id = z.string().min(1).max(200).describe('Memory id, e.g. "mem_3f2a…" (from memory_recall or memory_list).');

function view(m: Memory) {
  return { id: m.id, content: m.content, tags: m.tags, created_at: iso(m.createdAt), updated_at: iso(m.updatedAt) };
}

export const memoryTools = [
  defineTool({
    name: 'memory_recall',
    title: 'Recall memories',
    description:
      'Search the facts the user asked Claude Desk to remember (preferences, names, ongoing projects). ' +
      'Ranked by how many (and how rare) query words a memory shares, newest first among equals — so use a few ' +
      'meaningful keywords ("favourite colour", "project deadline"), not a full sentence. Call it before answering ' +
      'anything that may depend on what the user told you in earlier chats. Returns the best matches with their ids.',
    access: 'read',
    inputSchema: {
      query: z.string().min(1).max(1000).describe('Keywords to look for.'),
      limit: z
        .number()
        .int()
        .min(1)
        .max(MEMORY_LIMITS.recallMax)
        .optional()
        .describe('Most results to return (default 5).'),
    },
    async run({ query, limit }, { memory }) {
      const hits = await memory.recall(query, limit);
      if (hits.length === 0) return json({ query, results: [], note: 'No saved memory matches these words.' });
      return json({ query, results: hits.map((h) => ({ ...view(h.memory), score: h.score })) });
    },
  }),

  defineTool({
    name: 'memory_fetch',
    title: 'Fetch a memory',
    description: 'Read one saved memory by its id (as returned by memory_recall or memory_list).',
    access: 'read',
    inputSchema: { id },
    async run(args, { memory }) {
      const m = await memory.fetch(args.id);
      return m ? json(view(m)) : { error: `No memory with id ${args.id}.` };
    },
  }),

  defineTool({
    name: 'memory_list',
    title: 'List memories',
    description:
      'List saved memories, newest first, optionally only those with a tag. Paginated: when the result has ' +
      '`next_cursor`, pass it as `cursor` to get the next (older) page. Prefer memory_recall to find something specific.',
    access: 'read',
    inputSchema: {
      tag: z.string().max(MEMORY_LIMITS.tagChars).optional().describe('Only memories with this tag.'),
      limit: z.number().int().min(1).max(100).optional().describe('Page size (default 20).'),
      cursor: z.string().max(200).optional().describe('`next_cursor` from the previous page.'),
    },
    async run(args, { memory }) {
      const page = await memory.list(args);
      return json({ items: page.items.map(view), ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}) });
    },
  }),

  defineTool({
    name: 'memory_learn',
    title: 'Remember a fact',
    description:
      'Save a fact for future chats, when the user asks you to remember something or states a lasting preference. ' +
      'Write one self-contained sentence in the third person ("The user prefers metric units"), not a transcript. ' +
      'Check memory_recall first to avoid duplicates. The user can see and delete memories in Settings → Memory.',
    access: 'write',
    inputSchema: {
      content: z.string().min(1).max(MEMORY_LIMITS.contentChars).describe('The fact to remember.'),
      tags: z
        .array(z.string().min(1).max(MEMORY_LIMITS.tagChars))
        .max(MEMORY_LIMITS.tags)
        .optional()
        .describe('A few lowercase topic tags, e.g. ["prefs"].'),
    },
    async run({ content, tags }, { memory }) {
      const m = await memory.learn(content, tags);
      return json({ saved: view(m) });
    },
  }),

  defineTool({
    name: 'memory_forget',
    title: 'Forget a memory',
    description:
      'Permanently delete one saved memory by id, when the user asks you to forget it or it is wrong. ' +
      'Find the id with memory_recall first. This cannot be undone.',
    access: 'write',
    destructive: true,
    inputSchema: { id },
    async run(args, { memory }) {
      const deleted = await memory.forget(args.id);
      return deleted ? json({ forgotten: args.id }) : { error: `No memory with id ${args.id}; nothing was deleted.` };
    },
  }),
];
