import { expect, test } from "bun:test";
import { presenceStore } from "./presence-store";

const admin = { id: 1, name: "Admin" };
const alex = { id: 2, name: "Alex Kim" };

test("an answer that arrives after a newer stream event does not take it back", () => {
  const store = presenceStore();
  const answer = store.asking(7); // sent before Alex opened the ticket
  store.fromStream({ ticketId: 7, viewers: [admin, alex] });
  answer({ ticketId: 7, viewers: [admin] });
  expect(store.get(7)).toEqual([admin, alex]);
});

test("an answer is kept when the stream told nothing about the ticket meanwhile", () => {
  const store = presenceStore();
  store.fromStream({ ticketId: 8, viewers: [alex] }); // another ticket's news does not count
  store.fromStream({ ticketId: 7, viewers: [] });
  const answer = store.asking(7);
  store.fromStream({ ticketId: 8, viewers: [] });
  answer({ ticketId: 7, viewers: [admin, alex] });
  expect(store.get(7)).toEqual([admin, alex]);
});

test("listeners hear both kinds of news", () => {
  const store = presenceStore();
  let heard = 0;
  const stop = store.subscribe(() => (heard += 1));
  store.asking(3)({ ticketId: 3, viewers: [alex] });
  store.fromStream({ ticketId: 3, viewers: [] });
  stop();
  store.fromStream({ ticketId: 3, viewers: [alex] });
  expect(heard).toBe(2);
});
