import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyModule, lazyPart, prefetchLazyParts } from './lazy-part';

/** A chunk the test lets arrive when it wants, counting how often it was asked for. */
function chunk<M>(value: M) {
  let arrive: () => void = () => undefined;
  const asked = { count: 0 };
  const load = () => {
    asked.count++;
    return new Promise<M>((resolve) => (arrive = () => resolve(value)));
  };
  return { load, asked, arrive: () => arrive() };
}

describe('lazy parts', () => {
  it('a part shows its fallback until its chunk arrives, inside its own boundary', async () => {
    const c = chunk({ Card: ({ name }: { name: string }) => <p>card of {name}</p> });
    const Card = lazyPart(c.load, (m) => m.Card, <p>on its way</p>);
    render(
      <main>
        <h1>around it</h1>
        <Card name="Ada" />
      </main>,
    );
    // The rest of the screen is there: only the part waits.
    expect(screen.getByText('around it')).toBeInTheDocument();
    expect(screen.getByText('on its way')).toBeInTheDocument();
    c.arrive();
    expect(await screen.findByText('card of Ada')).toBeInTheDocument();
  });

  it('once prefetched, a part renders in the same commit (no empty frame)', async () => {
    const c = chunk({ Card: () => <p>ready</p> });
    const Card = lazyPart(c.load, (m) => m.Card, <p>on its way</p>);
    // prefetchLazyParts (after the first paint) asks for every declared part's chunk.
    void prefetchLazyParts();
    expect(c.asked.count).toBe(1);
    const ready = Card.preload();
    c.arrive();
    await ready;
    expect(c.asked.count).toBe(1);
    render(<Card />);
    expect(screen.getByText('ready')).toBeInTheDocument();
  });

  it('a library is null until loaded, asked for once when a hook wants it, then given', async () => {
    const c = chunk({ shout: (s: string) => s.toUpperCase() });
    const lib = lazyModule(c.load);
    function Echo({ wanted }: { wanted: boolean }) {
      const m = lib.use(wanted);
      return <p>{m ? m.shout('hi') : 'plain hi'}</p>;
    }
    const { rerender } = render(<Echo wanted={false} />);
    expect(screen.getByText('plain hi')).toBeInTheDocument();
    expect(c.asked.count).toBe(0);
    rerender(<Echo wanted />);
    rerender(<Echo wanted />);
    expect(c.asked.count).toBe(1);
    c.arrive();
    expect(await screen.findByText('HI')).toBeInTheDocument();
    expect(lib.loaded()?.shout('a')).toBe('A');
  });

  it('on a phone, the parts only a desktop shows are not fetched ahead (they still load when opened)', async () => {
    const both = chunk({ Card: () => <p>both</p> });
    const desk = chunk({ Card: () => <p>desk only</p> });
    lazyPart(both.load, (m) => m.Card);
    const DeskOnly = lazyPart(desk.load, (m) => m.Card, null, { phone: false });
    void prefetchLazyParts({ phone: true });
    expect(both.asked.count).toBe(1);
    expect(desk.asked.count).toBe(0);
    render(<DeskOnly />);
    expect(desk.asked.count).toBe(1);
    desk.arrive();
    expect(await screen.findByText('desk only')).toBeInTheDocument();
    void prefetchLazyParts();
    expect(desk.asked.count).toBe(1);
  });
});
