import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from "react";

export type ToastInput = {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  /** A button in the toast (such as Undo); altText tells a screen reader how to do it otherwise. */
  action?: { label: string; altText: string; onClick: () => void };
  /** How long it stays, in milliseconds. */
  duration?: number;
};
export type ShownToast = ToastInput & { key: number };
const ToastContext = createContext<(t: ToastInput) => void>(() => {});
// Radix's toast is a sizeable share of a page's script: fetched once the page is live, not before
// it, and ready by the time a toast is shown (a session-ended toast has half a second to be read).
const ToastView = lazy(() => import("./ToastView"));

/** Hands out `toast()`; the viewport mounts right after hydration. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const show = useCallback((t: ToastInput) => setCurrent({ ...t, key: Date.now() + Math.random() }), []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      {live && (
        <Suspense fallback={null}>
          <ToastView current={current} onClose={() => setCurrent(null)} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);
