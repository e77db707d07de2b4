import { useEffect, useId, useState } from "react";
import { Button } from "../../../src/ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../src/ui/Card";
import { Input, Label } from "../../../src/ui/Input";
import { setIdPrefix, useIdPrefix } from "../../lib/queries/portal-settings";
import { useSettingsMutation } from "./use-settings-mutation";

/** Settings → Portal: the letters new ticket ids start with; ids already given out keep theirs. */
export function IdPrefixCard() {
  const id = useId();
  const current = useIdPrefix();
  const [value, setValue] = useState("");
  useEffect(() => setValue(current.data?.prefix ?? ""), [current.data?.prefix]);
  const save = useSettingsMutation(setIdPrefix, {
    success: (r) => ({ title: `New tickets now start with ${r.prefix}-` }),
    failure: (m) => ({ title: "Failed to save the prefix", description: m ?? undefined }),
  });
  const year = new Date().getFullYear();
  return (
    <Card data-testid="id-prefix">
      <CardHeader>
        <CardTitle level={2}>Ticket IDs</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate({ prefix: value });
          }}
        >
          <Label htmlFor={`${id}-prefix`}>Prefix of new ticket IDs</Label>
          <div className="flex flex-wrap gap-2">
            <Input
              id={`${id}-prefix`}
              className="w-28"
              maxLength={5}
              value={value}
              disabled={!current.data}
              onChange={(e) => setValue(e.target.value.toUpperCase())}
            />
            <Button type="submit" disabled={save.isPending || !current.data}>
              Save
            </Button>
          </div>
          <p className="text-sm text-gray-700">
            New tickets look like {value || "WI"}-{year}-001; tickets made before keep their IDs.
          </p>
        </form>
      </CardContent>
    </Card>
  );
}
