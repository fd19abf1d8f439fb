import { describe, expect, it } from 'vitest';
import { snippetToolErrorText, toolErrorText } from './tool-error-text';

describe('the sentence of a tool error', () => {
  it('is what stays of <tool_use_error>…</tool_use_error> (case 47)', () => {
    expect(
      toolErrorText(
        '<tool_use_error>File is in a directory that is denied by your permission settings.</tool_use_error>',
      ),
    ).toBe('File is in a directory that is denied by your permission settings.');
    expect(toolErrorText('Exit code 1\nnpm ERR!')).toBe('Exit code 1\nnpm ERR!');
  });

  it('loses tags cut in half at the edges of a snippet', () => {
    expect(snippetToolErrorText('use_error>String to replace not found in file.</tool_use')).toBe(
      'String to replace not found in file.',
    );
    expect(snippetToolErrorText('a < b and c')).toBe('a < b and c');
  });
});
