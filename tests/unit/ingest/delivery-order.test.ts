import { DeliveryOrder } from "@core/ingest";
import { expect, it } from "vitest";

const settled = async (p: Promise<void>) => {
  let done = false;
  void p.then(() => (done = true));
  // Several turns of the microtask queue: a ready turn has resolved by then.
  for (let i = 0; i < 10; i++) await Promise.resolve();
  return done;
};

it("readies each turn once every earlier turn has released, in the order they were taken", async () => {
  const order = new DeliveryOrder();
  const first = order.take();
  const second = order.take();
  const third = order.take();
  expect(await settled(first.ready)).toBe(true);
  expect(await settled(second.ready)).toBe(false);
  // A later turn released early does not let a turn after it pass an earlier one still held.
  second.release();
  expect(await settled(third.ready)).toBe(false);
  first.release();
  expect(await settled(second.ready)).toBe(true);
  expect(await settled(third.ready)).toBe(true);
});

it("takes a release twice as once, and readies a turn taken after every release at once", async () => {
  const order = new DeliveryOrder();
  const first = order.take();
  first.release();
  first.release();
  const second = order.take();
  expect(await settled(second.ready)).toBe(true);
  second.release();
  expect(await settled(order.take().ready)).toBe(true);
});
