/**
 * CLI transcript lines → the chat messages a live thread shows, so an old session renders with the very
 * same components (tool cards, thinking, markdown). A turn is everything between two typed prompts:
 * the CLI writes one `assistant` line per content block and tool results as `user` lines (recorded
 * fixtures, test/fixtures/recorded/sessions), which fold into one assistant message with tool parts.
 */
import type { AssistantMessage, AssistantPart, ChatMessage } from '../../shared/threads';
import type { SessionLine } from './session-line';

type ToolPart = Extract<AssistantPart, { kind: 'tool' }>;

export function toChatMessages(lines: SessionLine[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  let turn: AssistantMessage | undefined;
  const tools = new Map<string, ToolPart>();
  const open = (at: number, uuid: string): AssistantMessage => {
    if (!turn) {
      turn = { id: uuid || `turn-${out.length}`, role: 'assistant', createdAt: at, status: 'done', parts: [] };
      out.push(turn);
    }
    return turn;
  };
  for (const line of lines) {
    switch (line.kind) {
      case 'prompt':
        turn = undefined;
        tools.clear();
        out.push({ id: line.uuid || `prompt-${out.length}`, role: 'user', createdAt: line.at, text: line.text });
        break;
      case 'assistant': {
        const msg = open(line.at, line.uuid);
        if (line.model) msg.model = line.model;
        for (const b of line.blocks) {
          if (b.type === 'tool_use') {
            const part: ToolPart = { kind: 'tool', toolUseId: b.id, name: b.name, input: b.input };
            tools.set(b.id, part);
            msg.parts.push(part);
          } else if (b.text) msg.parts.push({ kind: b.type, text: b.text, messageId: line.messageId });
        }
        break;
      }
      case 'tool-results': {
        for (const r of line.results) {
          const part = tools.get(r.toolUseId);
          if (part) {
            part.result = r.content;
            if (r.isError) part.isError = true;
          }
        }
        break;
      }
      case 'local-command':
        if (line.text) open(line.at, line.uuid).parts.push({ kind: 'text', text: line.text });
        break;
      default:
        break;
    }
  }
  return out;
}
