import { useId, useState } from "react";
import { ApiError } from "../lib/api";
import { useApiMutation } from "../lib/queries/mutation";
import { deleteTicket } from "../lib/queries/tickets";
import { useToast } from "../lib/toast";
import { Dialog } from "../../src/ui/Dialog";
import { Button } from "../../src/ui/Button";
import { FieldError, Input, Label } from "../../src/ui/Input";
import { useI18n } from "../../src/i18n/react";

/** The server checks the password; a 403 'Incorrect Password' keeps the dialog open. */
export function DeleteTicketDialog({
  id,
  ticketId,
  open,
  onOpenChange,
  onDeleted,
}: {
  id: number;
  ticketId: string;
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onDeleted: () => void;
}) {
  const toast = useToast();
  const { t } = useI18n();
  const [password, setPassword] = useState("");
  const [wrong, setWrong] = useState(false);
  const fieldId = useId();
  const del = useApiMutation(deleteTicket(id), {
    onSuccess: () => {
      toast({ title: t("look.deleted") });
      onDeleted();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 403) {
        setWrong(true);
        toast({
          title: t("look.wrongPassword"),
          description: t("look.wrongPasswordText"),
          variant: "destructive",
        });
      } else toast({ title: t("look.deleteFailed"), variant: "destructive" });
    },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setPassword("");
        setWrong(false);
        onOpenChange(o);
      }}
      title={t("look.delete")}
      description={t("look.deleteText", { ticketId })}
    >
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (password) del.mutate({ password });
        }}
      >
        <Label htmlFor={fieldId} required>
          {t("look.password")}
        </Label>
        <Input
          id={fieldId}
          type="password"
          autoComplete="current-password"
          value={password}
          aria-invalid={wrong}
          aria-describedby={wrong ? `${fieldId}-err` : undefined}
          onChange={(e) => {
            setPassword(e.target.value);
            setWrong(false);
          }}
        />
        {wrong && <FieldError id={`${fieldId}-err`} message={t("look.wrongPassword")} />}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t("look.cancel")}
          </Button>
          <Button type="submit" variant="destructive" disabled={!password || del.isPending}>
            {t("look.delete")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
