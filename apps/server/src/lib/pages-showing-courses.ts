/** A feed of changes: calls back with each changed key (`*`: anything may have changed), returns a function that stops. */
export type ChangeFeed = (onChange: (key: string) => void) => () => void;

/** Owner–course pairs remembered before the memory (and what is kept) starts again. */
const PAIRS_REMEMBERED = 200_000;

/**
 * The change feed of kept pages whose owner (a class, a learner) has its own channel but whose pages also show
 * courses (ADR 019, sessions 23 and 24): a course's notice is passed on to every owner whose kept pages show it, as
 * `shows` recorded while the pages were read. A course no kept page shows still counts as a change (a page being read
 * now may show it, so it is not kept). Every store that subscribes hears every owner; the pairs are forgotten once
 * told, and all of them, pages too, past `maxPairs`. Without both feeds there is no feed: every read runs.
 */
export function pagesShowingCourses(
  ownerFeed: ChangeFeed | undefined,
  courseFeed: ChangeFeed | undefined,
  maxPairs = PAIRS_REMEMBERED,
): { watch: ChangeFeed | undefined; shows: (owner: string, courseIds: Iterable<string>) => void } {
  if (!ownerFeed || !courseFeed) return { watch: undefined, shows: () => {} };
  const ownersOf = new Map<string, Set<string>>();
  let pairs = 0;
  const subscribers = new Set<(owner: string) => void>();
  const tell = (owner: string) => {
    for (const subscriber of subscribers) subscriber(owner);
  };
  const forgetAll = () => {
    ownersOf.clear();
    pairs = 0;
  };
  let stops: (() => void)[] = [];
  const start = () => {
    stops = [
      ownerFeed(tell),
      courseFeed((courseId) => {
        if (courseId === '*') {
          forgetAll();
          return tell('*');
        }
        const owners = ownersOf.get(courseId);
        if (!owners) return tell(`course:${courseId}`);
        ownersOf.delete(courseId);
        pairs -= owners.size;
        for (const owner of owners) tell(owner);
      }),
    ];
  };
  return {
    watch(onChange) {
      if (subscribers.size === 0) start();
      subscribers.add(onChange);
      return () => {
        subscribers.delete(onChange);
        if (subscribers.size > 0) return;
        for (const stop of stops) stop();
        stops = [];
      };
    },
    shows(owner, courseIds) {
      const ids = [...courseIds];
      if (pairs + ids.length > maxPairs) {
        forgetAll();
        tell('*');
      }
      for (const courseId of ids) {
        let owners = ownersOf.get(courseId);
        if (!owners) ownersOf.set(courseId, (owners = new Set()));
        if (owners.has(owner)) continue;
        owners.add(owner);
        pairs += 1;
      }
    },
  };
}
