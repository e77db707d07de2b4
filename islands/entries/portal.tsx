import Portal from "../Portal";
import { boot } from "../boot";

// The public page's own bundle, built apart from the staff one so that it carries only what the
// portal uses (one shared chunk would hold the union of both sides' imports).
void boot({
  Portal: async () => ({ default: Portal }),
  // Only the private ticket page needs it: its own chunk, fetched there and nowhere else.
  RequesterTicket: () => import("../RequesterTicket"),
  MyTickets: () => import("../MyTickets"),
});
