import { forwardRef, type ButtonHTMLAttributes } from "react";
import { cn } from "./cn";

const variants = {
  default: "bg-blue-600 text-white hover:bg-blue-700 focus-visible:ring-blue-500",
  outline: "border border-gray-300 bg-white text-gray-800 hover:bg-gray-50 focus-visible:ring-blue-500",
  ghost: "text-gray-700 hover:bg-gray-100 focus-visible:ring-blue-500",
  destructive: "bg-red-600 text-white hover:bg-red-700 focus-visible:ring-red-500",
  secondary: "bg-gray-100 text-gray-900 hover:bg-gray-200 focus-visible:ring-blue-500",
} as const;
const sizes = {
  default: "h-10 px-4 py-2 text-sm",
  sm: "h-8 px-3 text-sm",
  lg: "h-11 px-6 text-base",
  icon: "h-9 w-9 p-0",
} as const;

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
};

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { className, variant = "default", size = "default", type = "button", ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={cn(
        "inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50",
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
});
