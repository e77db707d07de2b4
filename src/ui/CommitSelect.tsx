import { type SelectHTMLAttributes, useRef, useState } from "react";
import { NativeSelect } from "./Input";

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, "value" | "onChange"> & {
  value: string;
  onCommit: (value: string) => void;
};

/** Keys that move a closed select's choice without confirming it. */
const browsesChoice = (key: string) =>
  key.startsWith("Arrow") || key === "Home" || key === "End" || key.startsWith("Page") || key.length === 1;

/**
 * A select that saves only a confirmed choice: a pointer pick commits at once, while a choice
 * reached by arrows or typing waits for Enter or for focus to leave; Escape puts it back.
 */
export function CommitSelect({ value, onCommit, onKeyDown, onBlur, ...props }: Props) {
  const [pending, setPending] = useState<string | null>(null);
  const browsing = useRef(false);
  const commit = (next: string | null) => {
    setPending(null);
    if (next !== null && next !== value) onCommit(next);
  };
  return (
    <NativeSelect
      {...props}
      value={pending ?? value}
      onKeyDown={(e) => {
        onKeyDown?.(e);
        if (e.key === "Enter") commit(pending);
        else if (e.key === "Escape" && pending !== null) {
          e.stopPropagation();
          setPending(null);
        } else browsing.current = browsesChoice(e.key) && !e.altKey;
      }}
      onChange={(e) => {
        const picked = e.target.value;
        if (browsing.current) setPending(picked);
        else commit(picked);
        browsing.current = false;
      }}
      onPointerDown={() => {
        browsing.current = false;
      }}
      onBlur={(e) => {
        onBlur?.(e);
        browsing.current = false;
        commit(pending);
      }}
    />
  );
}
