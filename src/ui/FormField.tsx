import type { InputHTMLAttributes, ReactNode } from "react";
import { cn } from "./cn";
import { FieldError, Input, Label } from "./Input";

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "className"> & {
  id: string;
  label: ReactNode;
  /** Shown under the input, which is then marked invalid. */
  error?: string;
  /** Classes of the wrapper (its width, say); the input keeps the house style. */
  className?: string;
};

/** A label above its input, as the sign-in, recovery, password and two-factor forms lay them out. */
export function TextField({ id, label, error, className, ...input }: TextFieldProps) {
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error === undefined ? undefined : !!error} {...input} />
      {error !== undefined && <FieldError message={error} />}
    </div>
  );
}

/** The error alert a form shows above its fields. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
      {children}
    </div>
  );
}
