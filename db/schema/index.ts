export * from "./users";
export * from "./sessions";
export * from "./config-lists";
export * from "./tickets";
export * from "./audit-logs";
export * from "./email-routing";
export * from "./outbox";
export * from "./conversation";
