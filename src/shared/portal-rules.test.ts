import { describe, expect, test } from "bun:test";
import { extensionOf, formatPhone } from "./format";
import { format } from "date-fns";
import { fullDateTime, relativeTime } from "./relative-time";
import { searchProblem } from "./search-rules";
import { publicNoteProblem } from "./note-rules";
import { uploadProblem } from "./upload-rules";

const now = new Date("2026-05-10T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);

describe("portal rules", () => {
  test("phone input formats digits to XXX-XXX-XXXX as typed, at most 10 digits", () => {
    expect(["5", "555", "5551", "555123", "5551234", "(555) 123-4567 ext 9"].map(formatPhone)).toEqual([
      "5",
      "555",
      "555-1",
      "555-123",
      "555-123-4",
      "555-123-4567",
    ]);
  });

  test("relative times: Just now, minutes, hours, days, then a date", () => {
    expect(relativeTime(ago(59_000), now)).toBe("Just now");
    expect(relativeTime(ago(60_000), now)).toBe("1 minute ago");
    expect(relativeTime(ago(59 * 60_000), now)).toBe("59 minutes ago");
    expect(relativeTime(ago(3600_000), now)).toBe("1 hour ago");
    expect(relativeTime(ago(23 * 3600_000), now)).toBe("23 hours ago");
    expect(relativeTime(ago(2 * 86400_000), now)).toBe("2 days ago");
    expect(relativeTime(ago(7 * 86400_000), now)).toBe("May 3, 2026");
  });

  test("dates read as date-fns wrote them before Intl took over (MMM d, yyyy and PPpp)", () => {
    for (const at of [
      new Date(2026, 0, 1, 0, 0, 5),
      new Date(2026, 11, 31, 12, 30),
      new Date(2027, 4, 9, 23, 59, 59),
    ]) {
      expect(relativeTime(at, new Date(at.getTime() + 30 * 86400_000))).toBe(format(at, "MMM d, yyyy"));
      expect(fullDateTime(at)).toBe(format(at, "PPpp"));
      expect(fullDateTime(at.toISOString())).toBe(format(at, "PPpp"));
    }
  });

  test("search checks say what is wrong in the user's words", () => {
    expect(searchProblem("ticketId", " ")?.title).toBe("Enter Search Value");
    expect(searchProblem("ticketId", "wi-2026-001")).toBeNull();
    expect(searchProblem("ticketId", "WI-2026-1000")).toBeNull();
    expect(searchProblem("ticketId", "WI-2026-01")?.title).toBe("Invalid Ticket ID Format");
    expect(searchProblem("email", "a@b")?.title).toBe("Invalid Email Format");
    expect(searchProblem("phone", "call me")?.title).toBe("Invalid Phone Format");
  });

  test("note form checks in order: note, contact, e-mail", () => {
    expect(publicNoteProblem({ note: " ", userName: "", userEmail: "" })).toBe("Note Required");
    expect(publicNoteProblem({ note: "x", userName: "A", userEmail: "" })).toBe(
      "Contact Information Required",
    );
    expect(publicNoteProblem({ note: "x", userName: "A", userEmail: "a@b" })).toBe("Invalid Email");
    expect(publicNoteProblem({ note: "x", userName: "A", userEmail: "a@b.co" })).toBeNull();
  });

  test("upload checks: public and staff extension lists and the size messages", () => {
    expect(extensionOf("Report.PDF")).toBe(".pdf");
    expect(uploadProblem("public", { name: "a.zip", size: 10 * 1024 * 1024 })).toBeNull();
    expect(uploadProblem("public", { name: "a.zip", size: 10 * 1024 * 1024 + 1 })?.description).toBe(
      "a.zip is larger than 10MB and cannot be uploaded.",
    );
    expect(uploadProblem("staff", { name: "a.csv", size: 10 * 1024 * 1024 + 1 })?.description).toBe(
      "File size must be less than 10MB",
    );
    expect(uploadProblem("public", { name: "a.csv", size: 1 })?.title).toBe("File type not allowed");
    expect(uploadProblem("staff", { name: "a.zip", size: 1 })?.title).toBe("File type not allowed");
  });
});
