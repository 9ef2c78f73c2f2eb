import { describe, expect, it } from 'vitest';
import {
  MESSAGE_LIMIT,
  createInvalidationBus,
  invalidationMessages,
  type InvalidationTransport,
  type Topic,
} from '../src/lib/invalidation.js';

/** A transport whose sends are answered when the test says so; it records every message sent. */
function heldTransport() {
  const sent: string[] = [];
  const held: Array<() => void> = [];
  let hear: (message: string) => void = () => undefined;
  const transport: InvalidationTransport = {
    send(message) {
      sent.push(message);
      return new Promise<void>((resolve) => held.push(resolve));
    },
    async listen(onMessage) {
      hear = onMessage;
    },
    async close() {},
  };
  return {
    transport,
    sent,
    topicsOf: (index: number) => (JSON.parse(sent[index]!) as { topics: string[] }).topics,
    hear: (message: string) => hear(message),
    /** Answers the sends made so far, and lets the bus go on. */
    async answer() {
      for (const resolve of held.splice(0)) resolve();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe('invalidation bus: other processes are told one message at a time', () => {
  it('tells this process at once, and sends what came during a send in one message without repeats', async () => {
    const wire = heldTransport();
    const bus = createInvalidationBus(wire.transport);
    await bus.ready;
    const heard: Topic[][] = [];
    bus.subscribe((changed) => heard.push([...changed]));

    bus.publish(['courses', 'course:a']);
    bus.publish(['courses', 'course:b']);
    bus.publish(['courses', 'course:a']);
    bus.publish(['forum', 'question:q']);

    // Every publish reached this process's caches before publish returned.
    expect(heard).toEqual([
      ['courses', 'course:a'],
      ['courses', 'course:b'],
      ['courses', 'course:a'],
      ['forum', 'question:q'],
    ]);
    // The first went out alone; the rest wait for it.
    expect(wire.sent).toHaveLength(1);
    expect(wire.topicsOf(0)).toEqual(['courses', 'course:a']);

    await wire.answer();
    expect(wire.sent).toHaveLength(2);
    expect(wire.topicsOf(1)).toEqual(['courses', 'course:b', 'course:a', 'forum', 'question:q']);

    await wire.answer();
    expect(wire.sent).toHaveLength(2);
    await bus.close();
  });

  it('sends "*" alone when everything changed meanwhile', async () => {
    const wire = heldTransport();
    const bus = createInvalidationBus(wire.transport);
    await bus.ready;
    bus.publish(['courses']);
    bus.publish(['course:x', 'courses']);
    bus.publish(['*']);
    bus.publish(['question:y']);
    await wire.answer();
    expect(wire.topicsOf(1)).toEqual(['*']);
    await wire.answer();
    await bus.close();
  });

  it('ignores its own messages and delivers those of other processes', async () => {
    const wire = heldTransport();
    const bus = createInvalidationBus(wire.transport);
    await bus.ready;
    const heard: Topic[][] = [];
    bus.subscribe((changed) => heard.push([...changed]));
    bus.publish(['forum']);
    wire.hear(wire.sent[0]!);
    wire.hear(JSON.stringify({ origin: 'another process', topics: ['course:z', 'not a topic', 42] }));
    expect(heard).toEqual([['forum'], ['course:z']]);
    await wire.answer();
    await bus.close();
  });

  it('sends what was published before it closes', async () => {
    const wire = heldTransport();
    const bus = createInvalidationBus(wire.transport);
    await bus.ready;
    bus.publish(['courses']);
    bus.publish(['forum']);
    const closed = bus.close();
    await wire.answer();
    await wire.answer();
    await closed;
    expect(wire.sent.map((_, i) => wire.topicsOf(i))).toEqual([['courses'], ['forum']]);
  });

  it('splits many topics into messages PostgreSQL accepts, each topic once', () => {
    const topics = Array.from({ length: 600 }, (_, i) => `course:${String(i).padStart(36, '0')}` as Topic);
    const messages = invalidationMessages('origin-id', [...topics, ...topics, 'courses']);
    expect(messages.length).toBeGreaterThan(1);
    for (const message of messages) expect(message.length).toBeLessThanOrEqual(MESSAGE_LIMIT);
    const carried = messages.flatMap((message) => (JSON.parse(message) as { topics: string[] }).topics);
    expect(carried).toEqual([...topics, 'courses']);
  });
});
