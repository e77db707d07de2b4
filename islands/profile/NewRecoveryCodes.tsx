import { useState } from "react";
import { serverMessage } from "../lib/api";
import { useApiMutation } from "../lib/queries/mutation";
import { regenerateRecoveryCodes } from "../lib/queries/two-factor";
import { Button } from "../../src/ui/Button";
import { FormAlert } from "../../src/ui/FormField";

/** Ten new recovery codes; the old ones stop working at once. */
export function NewRecoveryCodes({ onMade }: { onMade: (codes: string[]) => void }) {
  const [error, setError] = useState<string | null>(null);
  const make = useApiMutation(regenerateRecoveryCodes, {
    onSuccess: (r) => onMade(r.recoveryCodes),
    onError: (err) => setError(serverMessage(err, "Could not make new codes. Please try again.")),
  });
  return (
    <div className="flex flex-col gap-2">
      {error && <FormAlert>{error}</FormAlert>}
      <p className="text-sm text-gray-700">
        Lost your recovery codes, or used most of them? New ones replace them all.
      </p>
      <Button
        variant="outline"
        className="self-start"
        disabled={make.isPending}
        onClick={() => {
          setError(null);
          make.mutate();
        }}
      >
        {make.isPending ? "Making codes..." : "Make new recovery codes"}
      </Button>
    </div>
  );
}
