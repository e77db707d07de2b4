import { describe, expect, test } from "bun:test";
import type { PublicTicketDto } from "../../src/shared/dto";
import { noteAuthor } from "../tickets/note-author";
import { publicStatus, publicTimeline } from "./public-status";

const ticket = (over: Partial<PublicTicketDto>) =>
  ({
    status: "open",
    createdAt: "2026-01-01T09:00:00.000Z",
    processedAt: null,
    completedAt: null,
    ...over,
  }) as PublicTicketDto;
const labels = (t: PublicTicketDto) => publicTimeline(t).map((s) => s.label);

describe("public ticket view", () => {
  test("timeline – created always; In Progress and Completed only in that status with its time", () => {
    expect(labels(ticket({}))).toEqual(["Ticket Created"]);
    expect(labels(ticket({ status: "in_progress", processedAt: "2026-01-01T10:00:00.000Z" }))).toEqual([
      "Ticket Created",
      "In Progress",
    ]);
    expect(labels(ticket({ status: "in_progress" }))).toEqual(["Ticket Created"]);
    expect(
      labels(
        ticket({
          status: "completed",
          processedAt: "2026-01-01T10:00:00.000Z",
          completedAt: "2026-01-02T10:00:00.000Z",
        }),
      ),
    ).toEqual(["Ticket Created", "Completed"]);
    expect(labels(ticket({ status: "open", processedAt: "2026-01-01T10:00:00.000Z" }))).toEqual([
      "Ticket Created",
    ]);
  });

  test("status labels – only Open, In Progress and Completed are shown publicly", () => {
    expect(["open", "in_progress", "completed", "burnt", "weird"].map((s) => publicStatus(s).label)).toEqual([
      "Open",
      "In Progress",
      "Completed",
      "Completed",
      "Open",
    ]);
  });

  test("note author – name, else 'Admin' for staff, else 'Unknown User'", () => {
    expect([
      noteAuthor({ userName: "Jo", userId: null }),
      noteAuthor({ userName: null, userId: 3 }),
      noteAuthor({ userName: "", userId: null }),
    ]).toEqual(["Jo", "Admin", "Unknown User"]);
  });
});
