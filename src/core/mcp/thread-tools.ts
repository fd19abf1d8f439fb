import * as z from 'zod';
import type { ChatMessage, ThreadSummary } from '../../shared/threads';
import { defineTool, iso, json } from './desk-tool';

/** Long messages are cut so one threads_read cannot flood the model's context. */
const MESSAGE_CHARS = 4_000;

function clip(text: string): string {
  return text.length > MESSAGE_CHARS
    ? `${text.slice(0, MESSAGE_CHARS)}… [${text.length - MESSAGE_CHARS} more characters]`
    : text;
}

function summary(t: ThreadSummary) {
  return {
    thread_id: t.id,
    title: t.title,
    created_at: iso(t.createdAt),
    updated_at: iso(t.updatedAt),
    turns: t.totals.turns,
  };
}

function message(m: ChatMessage) {
  if (m.role === 'user') return { role: 'user', at: iso(m.createdAt), text: clip(m.text) };
  const text = m.parts.flatMap((p) => (p.kind === 'text' ? [p.text] : [])).join('');
  const tools = m.parts.flatMap((p) => (p.kind === 'tool' ? [p.name] : []));
  return { role: 'assistant', at: iso(m.createdAt), text: clip(text), ...(tools.length ? { tools_used: tools } : {}) };
}

export const threadTools = [
  defineTool({
    name: 'threads_list',
    title: 'List chats',
    description:
      "List the user's Claude Desk chats (threads), most recently active first, with their ids and titles. " +
      'Use threads_read to open one, threads_search to find one by content.',
    access: 'read',
    inputSchema: {
      limit: z.number().int().min(1).max(100).optional().describe('Most threads to return (default 20).'),
    },
    async run({ limit }, { threads }) {
      const list = await threads.list(limit ?? 20);
      return json({ threads: list.map(summary) });
    },
  }),

  defineTool({
    name: 'threads_read',
    title: 'Read a chat',
    description:
      "Read the latest messages of one of the user's Claude Desk chats by thread_id (from threads_list or " +
      'threads_search). Returns user and assistant text in order, oldest first; very long messages are shortened.',
    access: 'read',
    inputSchema: {
      thread_id: z.string().min(1).max(200).describe('The thread id.'),
      limit: z.number().int().min(1).max(200).optional().describe('How many of the latest messages (default 30).'),
    },
    async run({ thread_id, limit }, { threads }) {
      const thread = await threads.read(thread_id, limit ?? 30);
      if (!thread) return { error: `No chat with thread_id ${thread_id}.` };
      return json({ ...summary(thread), messages: thread.messages.map(message) });
    },
  }),

  defineTool({
    name: 'threads_search',
    title: 'Search chats',
    description:
      "Search the text of the user's earlier Claude Desk chats. Returns matching threads with a short snippet " +
      'around the match; open one with threads_read.',
    access: 'read',
    inputSchema: {
      query: z.string().min(1).max(1000).describe('Words to look for.'),
    },
    async run({ query }, { threads }) {
      const hits = await threads.search(query, 10);
      return json({
        query,
        results: hits.map((h) => ({ ...summary(h.thread), snippet: h.snippet })),
        ...(hits.length === 0 ? { note: 'No chat matches.' } : {}),
      });
    },
  }),
];
