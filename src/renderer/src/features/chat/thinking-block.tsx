import { memo } from 'react';

/** The model's thinking: collapsed by default, a native <details> so it is keyboard- and reader-friendly. */
export const ThinkingBlock = memo(function ThinkingBlock({ text, streaming }: { text: string; streaming: boolean }) {
  return (
    <details className="thinking" data-testid="thinking">
      <summary>{streaming ? 'Thinking…' : 'Thought process'}</summary>
      <div className="thinking-text">{text}</div>
    </details>
  );
});
