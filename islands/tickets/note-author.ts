/** The author shown on a note: its name, else 'Admin' when a staff member wrote it, else 'Unknown User'. */
export const noteAuthor = (n: { userName: string | null; userId: number | null }) =>
  n.userName || (n.userId ? "Admin" : "Unknown User");
