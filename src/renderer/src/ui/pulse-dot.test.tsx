import { act, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PulseDot } from './pulse-dot';

const beat = () => document.documentElement.getAttribute('data-pulse');

describe('the running dots’ pulse', () => {
  afterEach(() => vi.useRealTimers());

  it('steps while a dot is shown and the window focused; stops, lit, when it is not or the last dot goes', () => {
    vi.useFakeTimers();
    const first = render(<PulseDot className="pulse" />);
    const second = render(<PulseDot className="running-dot" label="Running" testId="thread-running" />);
    fireEvent.focus(window); // jsdom's document never has the focus on its own
    act(() => void vi.advanceTimersByTime(600));
    expect(beat()).toBe('1');
    act(() => void vi.advanceTimersByTime(600));
    expect(beat()).toBe('0');
    // Another app in front: nothing to see, nothing redrawn.
    fireEvent.blur(window);
    expect(beat()).toBeNull();
    act(() => void vi.advanceTimersByTime(5000));
    expect(beat()).toBeNull();
    fireEvent.focus(window);
    act(() => void vi.advanceTimersByTime(600));
    expect(beat()).toBe('1');
    first.unmount();
    act(() => void vi.advanceTimersByTime(600));
    expect(beat()).toBe('0'); // one dot is still shown: the beat goes on
    second.unmount();
    expect(beat()).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });
});
