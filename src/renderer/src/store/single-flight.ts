/**
 * A refresh that runs one at a time. Asked while idle, it runs at once; asked while it runs, it runs once more after
 * that run settles, however many asks came in between: a burst of pushed events costs two reads, not one per event,
 * and the last read starts after the last ask, so nothing the asks were about is missed.
 *
 * `run` is called afresh for every run, so it reads the store's state then; it may return undefined to skip a run
 * (the view it reads for is closed). The store's loaders keep their failures as state or a notice; a rejection still
 * ends the run, so the next ask runs.
 */
export function singleFlight(run: () => Promise<unknown> | undefined): () => void {
  const ask = singleFlightBy<null>(run);
  return () => ask(null);
}

/** One single-flight refresh per key (a thread's changes): asks for different keys run side by side. */
export function singleFlightBy<K>(run: (key: K) => Promise<unknown> | undefined): (key: K) => void {
  /** The keys with a run in flight, each with whether it was asked for again meanwhile. */
  const askedAgain = new Map<K, boolean>();
  const ask = (key: K): void => {
    if (askedAgain.has(key)) {
      askedAgain.set(key, true);
      return;
    }
    const reading = run(key);
    if (!reading) return;
    askedAgain.set(key, false);
    void reading.finally(() => {
      const again = askedAgain.get(key);
      askedAgain.delete(key);
      if (again) ask(key);
    });
  };
  return ask;
}
