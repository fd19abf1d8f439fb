import { describe, expect, it } from 'vitest';
import { openFenceStart, readOpenFence } from './streaming-fence';

describe('the code fence open at the end of a streaming tail', () => {
  it('is found where its opening line starts, with its language and code so far', () => {
    const tail = 'Intro line\n```ts title="a.ts"\nconst a = 1;\nconst b';
    const at = openFenceStart(tail);
    expect(tail.slice(at)).toMatch(/^```ts/);
    expect(readOpenFence(tail.slice(at))).toEqual({ language: 'ts', code: 'const a = 1;\nconst b' });
    expect(readOpenFence('~~~~')).toEqual({ language: '', code: '' });
    expect(openFenceStart('~~~python\nprint(1)\n```\nstill code\n')).toBe(0); // only ~~~ closes ~~~
  });

  it('is none when the fence closed, when there is none, or when it is indented (markdown draws that one)', () => {
    expect(openFenceStart('```ts\nconst a = 1;\n```\nAfter.')).toBe(-1);
    expect(openFenceStart('Just words and `code`.')).toBe(-1);
    expect(openFenceStart('  ```ts\nconst a = 1;\n')).toBe(-1);
    expect(openFenceStart('````md\n```\ninner\n```\n')).toBe(0); // a longer fence is not closed by a shorter one
  });
});
