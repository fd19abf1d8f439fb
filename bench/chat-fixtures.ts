/** A conversation the way a real one reads (text, lists, code, tool cards), for the benches that render one. */
import type { ChatMessage } from '../src/shared/threads';

function answer(i: number): ChatMessage {
  const code =
    i % 6 === 1
      ? `\n\n\`\`\`ts\nexport function step${i}(input: readonly number[]): number {\n  // keep the sum small\n  return input.reduce((a, b) => a + b * ${i}, 0) % 1000;\n}\n\`\`\`\n\nThen run it.`
      : '';
  const list = i % 4 === 3 ? `\n\n1. First, read **the file**.\n2. Then change \`step${i}\`.\n3. Test it.` : '';
  const tool =
    i % 5 === 0
      ? [
          {
            kind: 'tool' as const,
            toolUseId: `t${i}`,
            name: 'Read',
            input: { file_path: `/project/src/file${i}.ts` },
            result: Array.from({ length: 12 }, (_, k) => `${k + 1}\tconst line${k} = ${k * i};`).join('\n'),
          },
        ]
      : [];
  return {
    id: `a${i}`,
    role: 'assistant',
    createdAt: 1_700_000_000_000 + i * 1000,
    status: 'done',
    parts: [
      ...tool,
      {
        kind: 'text',
        text: `Answer ${i}. Here is a **short** explanation with \`inline code\` and a [link](https://example.com/${i}), long enough to wrap over two or three lines in a normal window so rows have realistic heights.${list}${code}`,
      },
    ],
    verdict: {
      isError: false,
      subtype: 'success',
      costUsd: 0.01,
      durationMs: 1200,
      numTurns: 1,
      usage: { inputTokens: 900, outputTokens: 120 },
    },
  } as ChatMessage;
}

export function conversation(n: number): ChatMessage[] {
  return Array.from({ length: n }, (_, i) =>
    i % 2 === 0
      ? ({
          id: `u${i}`,
          role: 'user',
          createdAt: 1_700_000_000_000 + i * 1000,
          text: `Question ${i}: how would you approach this part?`,
        } as ChatMessage)
      : answer(i),
  );
}
