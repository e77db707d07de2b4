import { cn } from "./cn";

export function Spinner({ label = "Loading...", className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn("flex items-center justify-center gap-3 p-8 text-gray-600", className)}>
      <span
        className="h-6 w-6 animate-spin rounded-full border-2 border-gray-300 border-t-blue-600"
        aria-hidden="true"
      />
      <span>{label}</span>
    </div>
  );
}
