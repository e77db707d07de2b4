import { z } from "zod";

/** What an agent can be told of, each switchable for the bell and for e-mail. */
export const NOTIFY_TOPICS = [
  "assigned",
  "mentioned",
  "requesterReplied",
  "dueTargets",
  "newTicket",
] as const;
export type NotifyTopic = (typeof NOTIFY_TOPICS)[number];
type NotifyChannels = { app: boolean; email: boolean };
export type NotifySettings = Record<NotifyTopic, NotifyChannels>;

/** New tickets in one's departments can be many: that one is off until asked for. */
export const DEFAULT_NOTIFY: NotifySettings = {
  assigned: { app: true, email: true },
  mentioned: { app: true, email: true },
  requesterReplied: { app: true, email: true },
  dueTargets: { app: true, email: true },
  newTicket: { app: false, email: false },
};

const channels = z.object({ app: z.boolean(), email: z.boolean() }, { error: "Choose on or off" });
export const notifySettingsSchema = z
  .object(Object.fromEntries(NOTIFY_TOPICS.map((t) => [t, channels])) as Record<NotifyTopic, typeof channels>)
  .partial()
  .strict();
export type NotifySettingsInput = z.infer<typeof notifySettingsSchema>;

const day = z.iso.date({ error: "Enter a date as YYYY-MM-DD" }).nullable();
export const awaySchema = z
  .object({
    from: day,
    until: day,
    deputyId: z.number().int().positive().nullable().default(null),
  })
  .refine((a) => (a.from === null) === (a.until === null), {
    error: "Enter both dates, or neither",
    path: ["until"],
  })
  .refine((a) => a.from === null || a.until === null || a.until >= a.from, {
    error: "The last day cannot be before the first",
    path: ["until"],
  });
export type AwayInput = z.infer<typeof awaySchema>;

export const markReadSchema = z.object({ ids: z.array(z.number().int().positive()).max(500).optional() });

/** Minutes spent on a reply or note: optional, whole minutes, at most a day. */
export const minutesSpentSchema = z
  .number({ error: "Time spent must be a number of minutes" })
  .int("Time spent must be whole minutes")
  .min(1, "Time spent must be at least 1 minute")
  .max(1440, "Time spent cannot exceed 24 hours");
