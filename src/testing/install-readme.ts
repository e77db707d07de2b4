/** The README's "Install on a server" section, read as the numbered steps a newcomer follows. */
export type InstallStep = { n: number; text: string };

export function installSteps(readme: string): InstallStep[] {
  const start = readme.indexOf("\n## Install on a server\n");
  if (start < 0) throw new Error('README has no "## Install on a server" section');
  const end = readme.indexOf("\n## ", start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  return section
    .split(/\n(?=\d+\. )/)
    .slice(1)
    .map((text) => ({ n: Number(text.match(/^(\d+)\./)![1]), text }));
}

/** A step's shell blocks (dedented) and the commands quoted inline in its prose. */
export function stepCode(step: InstallStep) {
  const blocks = [...step.text.matchAll(/^( *)```sh\n([\s\S]*?)^ *```$/gm)].map(([, indent, body]) =>
    body!
      .split("\n")
      .map((l) => l.slice(indent!.length))
      .join("\n"),
  );
  const prose = step.text.replace(/^ *```sh\n[\s\S]*?^ *```$/gm, "");
  const inline = [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
  return { blocks, inline };
}

// The absolute paths the steps install into, each mapped under the test's prefix, and the unit's port.
const PATHS = [
  "/opt/helpdesk",
  "/etc/helpdesk",
  "/etc/systemd/system",
  "/var/lib/helpdesk",
  "/mnt/backup/helpdesk",
];

/** Maps the paths in a script (or, with asSed, returns the same mapping as a sed script for the unit file). */
export function mapPaths(script: string, prefix: string, port: number, asSed = false): string {
  if (asSed) return PATHS.map((p) => `s#${p}#${prefix}${p}#g\n`).join("");
  const re = new RegExp(`(^|[\\s'"=])(${PATHS.join("|")})`, "g");
  return script
    .replace(re, (_, before, p) => `${before}${prefix}${p}`)
    .replaceAll("127.0.0.1:3000", `127.0.0.1:${port}`);
}
