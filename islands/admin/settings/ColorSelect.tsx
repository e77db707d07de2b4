import { PALETTE_COLORS } from "../../../src/shared/constants";
import { NativeSelect } from "../../../src/ui/Input";

/** The badge palette; the server derives the light background and dark text. */
export function ColorSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (c: string) => void;
}) {
  return (
    <NativeSelect
      id={id}
      aria-label="Colour"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      className="w-full sm:w-32"
    >
      {PALETTE_COLORS.map((c) => (
        <option key={c} value={c}>
          {c[0]!.toUpperCase() + c.slice(1)}
        </option>
      ))}
    </NativeSelect>
  );
}
