import { Component, type ReactNode } from "react";
import { useI18n } from "../i18n/react";

function Failed() {
  const { t } = useI18n();
  return (
    <div className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-gray-50 p-6 text-center">
      <h1 className="text-2xl font-bold text-gray-900">{t("ui.failed.title")}</h1>
      <p className="text-gray-600">{t("ui.failed.text")}</p>
      <button
        type="button"
        className="h-10 rounded-md bg-blue-600 px-4 text-sm font-medium text-white hover:bg-blue-700"
        onClick={() => window.location.reload()}
      >
        {t("ui.failed.reload")}
      </button>
    </div>
  );
}

/** An uncaught interface failure shows a full-page fallback with a reload button, in the page's language. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error(error);
  }
  render() {
    return this.state.failed ? <Failed /> : this.props.children;
  }
}
