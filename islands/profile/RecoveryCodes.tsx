import { Button } from "../../src/ui/Button";

/** The ten recovery codes, shown this once; only their hashes are kept. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="flex flex-col gap-4">
      <div
        role="status"
        className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900"
      >
        Two-factor sign-in is on. Save these recovery codes somewhere safe: each signs you in once if you lose
        your phone, and they will not be shown again.
      </div>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-2 font-mono text-sm min-[400px]:grid-cols-2"
      >
        {codes.map((c) => (
          <li key={c} className="rounded border border-gray-200 bg-gray-50 px-3 py-1.5">
            {c}
          </li>
        ))}
      </ul>
      <Button onClick={onDone} className="self-start">
        I have saved these codes
      </Button>
    </div>
  );
}
