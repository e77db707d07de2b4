import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from "react";

export type ToastInput = { title: string; description?: string; variant?: "default" | "destructive" };
export type ShownToast = ToastInput & { key: number };
const ToastContext = createContext<(t: ToastInput) => void>(() => {});
// Radix's toast is a sizeable share of a page's script: fetched with the first toast, not at load.
const ToastView = lazy(() => import("./ToastView"));

/** Hands out `toast()`; the viewport mounts once something has been shown. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const [used, setUsed] = useState(false);
  const show = useCallback((t: ToastInput) => {
    setUsed(true);
    setCurrent({ ...t, key: Date.now() + Math.random() });
  }, []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <ToastView current={current} onClose={() => setCurrent(null)} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);
