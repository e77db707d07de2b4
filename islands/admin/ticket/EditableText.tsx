import { useEffect, useState } from "react";
import { Input, Textarea } from "../../../src/ui/Input";

type Props = {
  id: string;
  value: string;
  onCommit: (value: string) => void;
  multiline?: boolean;
  type?: string;
  describedBy?: string;
};

/** A text field that saves when it is left or Enter is pressed, and only when the text changed; Escape undoes. */
export function EditableText({ id, value, onCommit, multiline, type = "text", describedBy }: Props) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    if (draft.trim() !== value.trim()) onCommit(draft.trim());
  };
  const keys = (e: React.KeyboardEvent) => {
    if (e.key === "Escape" && draft !== value) {
      e.stopPropagation();
      setDraft(value);
    } else if (e.key === "Enter" && (!multiline || e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      commit();
    }
  };
  const common = {
    id,
    value: draft,
    onBlur: commit,
    onKeyDown: keys,
    "aria-describedby": describedBy,
  };
  return multiline ? (
    <Textarea {...common} rows={4} onChange={(e) => setDraft(e.target.value)} />
  ) : (
    <Input {...common} type={type} onChange={(e) => setDraft(e.target.value)} />
  );
}
